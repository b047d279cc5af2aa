// The secret rides in ?token= so these pages work without JavaScript (decision 021).
export const accountLinkPaths = {
  finishSignup: "/finish-signup",
  verifyEmail: "/verify-email",
  resetPassword: "/reset-password",
  forgotPassword: "/forgot-password",
  login: "/login",
  confirmSubscription: "/confirm-subscription",
  unsubscribe: "/unsubscribe",
} as const;

export type AccountLinkPath = (typeof accountLinkPaths)[keyof typeof accountLinkPaths];

export const linkPagePaths: readonly AccountLinkPath[] = [
  accountLinkPaths.finishSignup,
  accountLinkPaths.resetPassword,
  accountLinkPaths.verifyEmail,
  accountLinkPaths.confirmSubscription,
  accountLinkPaths.unsubscribe,
];

/** As the server matches it: any case, a trailing slash, or the page's `.data` request. */
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

export function oneClickUnsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/api/unsubscribe?token=${encodeURIComponent(token)}`;
}
