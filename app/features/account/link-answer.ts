import { checkThenSend, isFailure, type FormFailure } from "#app/lib/forms.ts";
import { LINK_TOKEN_FIELD } from "./use-link-token.ts";

/**
 * A refused press on a link page. `fields.token` says the link itself is the problem (missing,
 * used, expired or replaced); anything else is worth trying again, and `token` gives the form
 * the link's secret back: the answer's address has no query, so a page without JavaScript
 * would otherwise have lost it.
 */
export type LinkFailure = FormFailure & { token?: string };

/** What a link page's action answers: what following the link came to, or why it did not. */
export type LinkAnswer<Result> = { followed: Result } | LinkFailure;

/** Whether the link itself was refused: nothing on the page can help any more. */
export function linkRefused(
  answer: unknown,
): answer is LinkFailure & { fields: { token: string } } {
  return isFailure(answer) && typeof answer.fields[LINK_TOKEN_FIELD] === "string";
}

/** Why a press failed, for the line under what failed. */
export function failureReason(failure: FormFailure): string {
  if (failure.message) return failure.message;
  return failure.status === 0
    ? "The connection failed. Please try again."
    : "Something went wrong. Please try again.";
}

/** The browser's side: the server's action, whose failure to answer keeps the page. */
export function sendLink<Answer>(request: Request, serverAction: () => Promise<Answer>) {
  return checkThenSend(request, () => ({}), serverAction);
}

/** What a link page's Referer may say: the site's origin, never the path or the query. */
export const LINK_PAGE_REFERRER_POLICY = "strict-origin";

/** In every link page's head too, for a proxy that drops the header (decision 021). */
export const REFERRER_POLICY_META = {
  name: "referrer",
  content: LINK_PAGE_REFERRER_POLICY,
} as const;
