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

export function loader() {
  return {
    map: {
      embedUrl: openStreetMapEmbedUrl(siteConfig.map),
      linkUrl: openStreetMapLinkUrl(siteConfig.map),
    },
  };
}

// Only this page's CSP lets the map frame in, and a client navigation keeps the old page's
// policy: arriving from elsewhere loads a fresh document (decision 004).
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
