import { useEffect } from "react";
import { data, type NavigateOptions } from "react-router";
import type { PageLogin } from "#core/pages/page-services.ts";
import { saveToken } from "./auth-store.ts";

/** A login or sign-up page's successful answer: the token to keep, and where to go next. */
export interface LoggedIn {
  token: string;
  next: string;
}

/**
 * The action's answer to a login: the token in the body (never in an address) for the page to
 * store, the device cookie, and no stored copy of a page that holds a credential.
 */
export function answerLogin({ token, setCookie }: PageLogin, next: string) {
  const answer: LoggedIn = { token, next };
  return data(answer, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
}

export function isLoggedIn(answer: unknown): answer is LoggedIn {
  return typeof answer === "object" && answer !== null && "token" in answer;
}

/**
 * SPEC keeps the login in localStorage, which only the page's script can write. So the token
 * the server answered is stored as soon as the page runs, whether it was pressed after
 * hydration or before (then the answer arrives as a page, and this runs when it hydrates),
 * and the visitor moves on with the history entry replaced (SPEC §4).
 */
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

/**
 * What a page shows once the server has logged the visitor in: the success, and in a browser
 * that runs no JavaScript, why the login cannot be kept there.
 */
export function LoginKept({ success }: { success: string }) {
  return (
    <>
      <p role="status">{success}</p>
      <KeepLoginNeedsScript />
    </>
  );
}

/** In a browser that runs no JavaScript: why the login the server made cannot be kept. */
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
