/**
 * The pages e-mailed links open. The secret travels in the fragment (`#token=`), which the
 * browser never sends: it stays out of server logs, proxies and Referer headers.
 */
export const accountLinkPaths = {
  verifyEmail: "/verify-email",
  resetPassword: "/reset-password",
  forgotPassword: "/forgot-password",
  confirmSubscription: "/confirm-subscription",
  unsubscribe: "/unsubscribe",
} as const;

export type AccountLinkPath = (typeof accountLinkPaths)[keyof typeof accountLinkPaths];

export function accountLink(siteUrl: string, path: AccountLinkPath, token: string): string {
  return `${siteUrl}${path}#token=${encodeURIComponent(token)}`;
}

/** Where a mail client POSTs RFC 8058's one-click unsubscribe. */
export function oneClickUnsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/api/unsubscribe?token=${encodeURIComponent(token)}`;
}
