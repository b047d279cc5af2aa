import { useEffect } from "react";
import { data, type NavigateOptions } from "react-router";
import type { PageLogin } from "#core/pages/page-services.ts";
import { saveToken } from "./auth-store.ts";

export interface LoggedIn {
  token: string;
  next: string;
}

/** The token in the body, never an address, and no stored copy of a page holding a credential. */
export function answerLogin({ token, setCookie }: PageLogin, next: string) {
  const answer: LoggedIn = { token, next };
  return data(answer, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
}

export function isLoggedIn(answer: unknown): answer is LoggedIn {
  return typeof answer === "object" && answer !== null && "token" in answer;
}

/** SPEC keeps the login in localStorage, so the page stores the server's token when it runs. */
export function useKeepLogin(
  answer: unknown,
  leave: (to: string, options?: NavigateOptions) => void,
  state?: NavigateOptions["state"],
) {
  useEffect(() => {
    if (!isLoggedIn(answer)) return;
    saveToken(answer.token);
    leave(answer.next, { replace: true, state });
    // Once per answer; `state` is a fresh object each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer, leave]);
}

export function LoginKept({ success }: { success: string }) {
  return (
    <>
      <p role="status">{success}</p>
      <KeepLoginNeedsScript />
    </>
  );
}

export function KeepLoginNeedsScript() {
  return (
    <noscript>
      <p>
        This site needs JavaScript to keep you logged in: your login is kept in this browser, and
        only the page&apos;s script can store it. Please turn JavaScript on and log in.
      </p>
    </noscript>
  );
}
