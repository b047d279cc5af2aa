/**
 * The pages e-mailed links open. The secret travels in the query (`?token=`) so that the page
 * works without JavaScript (decision 021): opening it only shows a button whose form posts the
 * token; those pages send no Referer and the access log drops their query.
 */
export const accountLinkPaths = {
  finishSignup: "/finish-signup",
  verifyEmail: "/verify-email",
  resetPassword: "/reset-password",
  forgotPassword: "/forgot-password",
  /** Where an e-mail sends someone who already has an account (no secret in it). */
  login: "/login",
  confirmSubscription: "/confirm-subscription",
  unsubscribe: "/unsubscribe",
} as const;

export type AccountLinkPath = (typeof accountLinkPaths)[keyof typeof accountLinkPaths];

/** The pages whose address carries a link's secret (`?token=`). */
export const linkPagePaths: readonly AccountLinkPath[] = [
  accountLinkPaths.finishSignup,
  accountLinkPaths.resetPassword,
  accountLinkPaths.verifyEmail,
  accountLinkPaths.confirmSubscription,
  accountLinkPaths.unsubscribe,
];

/**
 * Whether a request's path is one of those pages, as the server matches it: in any case, with
 * a trailing slash, or as the page's data request (`/verify-email.data`).
 */
export function isLinkPagePath(pathname: string): boolean {
  const page = pathname
    .toLowerCase()
    .replace(/(?:\/_)?\.data$/, "")
    .replace(/\/+$/, "");
  return (linkPagePaths as readonly string[]).includes(page);
}

export function accountLink(siteUrl: string, path: AccountLinkPath, token: string): string {
  return `${siteUrl}${path}?token=${encodeURIComponent(token)}`;
}

/** Where a mail client POSTs RFC 8058's one-click unsubscribe. */
export function oneClickUnsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/api/unsubscribe?token=${encodeURIComponent(token)}`;
}
