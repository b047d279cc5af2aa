import { Link, useNavigation, useSearchParams } from "react-router";
import { loginSchema } from "#core/account/account-schemas.ts";
import styles from "#app/components/forms.module.css";
import {
  answerLogin,
  isLoggedIn,
  LoginKept,
  useKeepLogin,
} from "#app/features/auth/login-kept.tsx";
import { LoginForm, NEXT_FIELD } from "#app/features/auth/login-form.tsx";
import { SessionGate } from "#app/features/auth/session-gate.tsx";
import { Notice } from "#app/features/auth/notice.tsx";
import { useSessionGuard } from "#app/features/auth/use-session-guard.ts";
import { answerForm, checkThenSend, isFailure } from "#app/lib/forms.ts";
import { servicesContext } from "#app/load-context.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { isAdminPath, paths, safeNextPath } from "#app/paths.ts";
import { interactiveReading } from "#app/lib/route-handle.ts";
import type { Route } from "./+types/login";

export const meta = () =>
  pageMeta({
    title: "Login",
    description: "Log in to your Kybernetes account.",
    path: paths.login,
  });

export const handle = interactiveReading("next");

/** The login's answer keeps its own headers: the device cookie, and no copy of the token kept. */
export const headers = ({ actionHeaders }: Route.HeadersArgs) => actionHeaders;

/** The device cookie lets this browser past the login limits strangers trigger. */
export async function action({ request, context }: Route.ActionArgs) {
  return answerForm(request, loginSchema, async (credentials, form) => {
    const login = await context.get(servicesContext).accounts.logIn(credentials);
    const next = form.get(NEXT_FIELD);
    return answerLogin(
      login,
      safeNextPath(typeof next === "string" ? next : null) ?? paths.account,
    );
  });
}

/** In the browser: straight to the server (SPEC §5 checks no login field); a failure is logged. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const answer = await checkThenSend(request, () => ({}), serverAction);
  if (isFailure(answer)) console.warn("Login failed", answer.status);
  return answer;
}

/** Pages needing a login send visitors here with `?next=` and get them back. */
export default function Login({ actionData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const next = safeNextPath(search.get("next"));
  const { ready, leave } = useSessionGuard("visitor", next ?? paths.account);
  useKeepLogin(actionData, leave);
  const navigation = useNavigation();
  return (
    <section className={styles.page} aria-labelledby="login-title">
      <h1 id="login-title">Login</h1>
      <Notice />
      {next && isAdminPath(new URL(next, "http://site").pathname) ? (
        <p>Log in with your staff account to open the back office.</p>
      ) : null}
      <SessionGate audience="visitor" ready={ready}>
        {isLoggedIn(actionData) ? (
          <LoginKept success="Login successful" />
        ) : (
          <>
            <LoginForm
              failure={isFailure(actionData) ? actionData : undefined}
              next={next}
              sending={navigation.state === "submitting"}
            />
            <p>
              <Link to={paths.forgotPassword}>Forgot your password?</Link>
            </p>
            <p>
              New here? <Link to={paths.signup}>Create an account</Link>.
            </p>
          </>
        )}
      </SessionGate>
    </section>
  );
}
