import { data, useNavigate, useNavigation, type NavigateOptions } from "react-router";
import { useCallback } from "react";
import styles from "#app/components/forms.module.css";
import { FinishSignup } from "#app/features/account/finish-signup.tsx";
import {
  linkPageHeaders,
  postedLinkToken,
  refusedLink,
} from "#app/features/account/follow-link.server.ts";
import { REFERRER_POLICY_META, sendLink } from "#app/features/account/link-answer.ts";
import { REGISTRATION_SUCCESS } from "#app/features/account/signup-form.tsx";
import { KeepLoginNeedsScript, useKeepLogin } from "#app/features/auth/login-kept.tsx";
import { servicesContext } from "#app/load-context.ts";
import { interactive } from "#app/lib/route-handle.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { paths } from "#app/paths.ts";
import type { Route } from "./+types/finish-signup";

export const meta = () => [
  ...pageMeta({
    title: "Finish signing up",
    description: "Make your Kybernetes account with the link we e-mailed.",
    path: paths.finishSignup,
  }),
  REFERRER_POLICY_META,
];

export const headers = linkPageHeaders;

export const handle = interactive;

/** Made and logged in as on the login page: the token in the body, never in an address. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const posted = postedLinkToken(form);
  if (!posted.ok) return posted.answer;
  try {
    const login = await context.get(servicesContext).accounts.finishSignup(posted.token);
    return data(
      { followed: { token: login.token, next: paths.account } },
      { headers: { "Set-Cookie": login.setCookie, "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return refusedLink(error, form, posted.token);
  }
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return sendLink(request, serverAction);
}

export default function FinishSignupPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const leave = useCallback(
    (to: string, options?: NavigateOptions) => void navigate(to, options),
    [navigate],
  );
  useKeepLogin(actionData && "followed" in actionData ? actionData.followed : undefined, leave, {
    notice: REGISTRATION_SUCCESS,
  });
  return (
    <section className={styles.page} aria-labelledby="finish-signup-title">
      <h1 id="finish-signup-title">Finish signing up</h1>
      <FinishSignup
        answer={actionData}
        sending={navigation.state === "submitting"}
        keptLogin={<KeepLoginNeedsScript />}
      />
    </section>
  );
}
