import { redirectDocument, useNavigation } from "react-router";
import { CONTACT_HONEYPOT_FIELD } from "#core/contact/contact-fields.ts";
import { contactFormSchema } from "#core/contact/contact-schema.ts";
import Intro, { meta as page } from "#content/pages/contact-us.mdx";
import { openStreetMapEmbedUrl, openStreetMapLinkUrl } from "#core/map/openstreetmap.ts";
import { siteConfig } from "#core/site-config.ts";
import { ContentPage, contentMeta } from "#app/features/content/content-page.tsx";
import { ContactForm, contactRules } from "#app/features/contact/contact-form.tsx";
import { answerForm, checkThenSend, isFailure } from "#app/lib/forms.ts";
import { servicesContext } from "#app/load-context.ts";
import { LocationMap } from "#app/features/contact/location-map.tsx";
import { paths } from "#app/paths.ts";
import type { Route } from "./+types/contact-us";
import styles from "./contact-us.module.css";
import { interactive } from "#app/lib/route-handle.ts";

export const meta = () => contentMeta(page, paths.contactUs);

export const handle = interactive;

/** Build time (prerendered): the map's addresses for the studio location in the site config. */
export function loader() {
  return {
    map: {
      embedUrl: openStreetMapEmbedUrl(siteConfig.map),
      linkUrl: openStreetMapLinkUrl(siteConfig.map),
    },
  };
}

/**
 * Only this page's own Content-Security-Policy lets the map frame in (server/site/page-csp.ts),
 * and a client-side navigation keeps the policy of the page it started from. So arriving from
 * another page loads this one as a fresh document (docs/decisions/004). The prerendered page
 * itself hydrates without calling this.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<never> {
  const url = new URL(request.url);
  if (window.location.pathname !== url.pathname) {
    throw redirectDocument(url.pathname + url.search);
  }
  // Back/forward already shows this address: reload it in place instead of adding an entry.
  window.location.reload();
  return new Promise<never>(() => {});
}

/** Once shown, the page keeps its data: a link to itself must not reload away what was typed. */
export const shouldRevalidate = () => false;

/** The form's message, stored and forwarded (the contact service); a plain form works too. */
export async function action({ request, context }: Route.ActionArgs) {
  return answerForm(request, contactFormSchema, async (message, form) => {
    const honeypot = form.get(CONTACT_HONEYPOT_FIELD);
    await context.get(servicesContext).contact.send({
      ...message,
      honeypot: typeof honeypot === "string" ? honeypot : "",
    });
    return { sent: true as const };
  });
}

/** In the browser: SPEC §5's messages at once; nothing is sent while the form is invalid. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const answer = await checkThenSend(
    request,
    async (fields) => (await contactRules.load()).contactFormErrors(fields),
    serverAction,
  );
  // SPEC §8 logs a refusal; the visitor also sees it, and keeps what they typed.
  if (isFailure(answer) && answer.status !== undefined) {
    console.warn("Failed to submit form", answer.status);
  }
  return answer;
}

export default function ContactUs({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <>
      <ContentPage Content={Intro} />
      <div className={styles.layout}>
        <div id="contact-form">
          <ContactForm answer={actionData} sending={navigation.state === "submitting"} />
        </div>
        <section aria-labelledby="find-us" className={styles.mapArea}>
          <h2 id="find-us">Find us</h2>
          <LocationMap {...loaderData.map} />
        </section>
      </div>
    </>
  );
}
