import { composeMail, type MailMessage } from "../mail/compose-mail.ts";
import { MAILING_LIST_CONSENT_WORDING } from "./mailing-list.ts";

export const LINK_LIFETIME_MINUTES = {
  verify_email: 48 * 60,
  reset_password: 30,
  confirm_subscription: 7 * 24 * 60,
  /** The sign-up link carries the new account itself (sealed), so it lives a day, not two. */
  finish_signup: 24 * 60,
} as const;

const NOT_YOU =
  "If you did not ask for this, you can ignore this e-mail: nothing changes unless the link is used.";

const hours = (minutes: number) =>
  minutes < 120
    ? `${minutes} minutes`
    : minutes < 48 * 60
      ? `${minutes / 60} hours`
      : `${minutes / 1440} days`;

// Visitors' own words: greet by name only at an address its owner verified (issue 23).
const hello = (username: string | undefined) => (username ? `Hello ${username},` : "Hello,");

interface LinkMail {
  to: string;
  /** Only for a verified address (see `hello`). */
  username?: string | undefined;
  link: string;
}

export function verifyEmailEmail({ to, link }: Omit<LinkMail, "username">): MailMessage {
  return composeMail("verify_email", to, "Confirm your e-mail address for Kybernetes", [
    { paragraph: "Hello," },
    {
      paragraph: `Please confirm that ${to} is your e-mail address: open this link and press “Verify my e-mail” on the page. It works once and for ${hours(LINK_LIFETIME_MINUTES.verify_email)}.`,
    },
    { link: { label: "Confirm my e-mail address", href: link } },
    { paragraph: NOT_YOU },
  ]);
}

/** No account exists until the link is followed: a sign-up's answer reveals nobody (issue 34). */
export function finishSignupEmail({ to, link }: Omit<LinkMail, "username">): MailMessage {
  return composeMail("finish_signup", to, "Finish creating your Kybernetes account", [
    { paragraph: "Hello," },
    {
      paragraph: `Someone (we hope you) asked to create a Kybernetes account with ${to}. To finish, open this link and press “Finish signing up” on the page: you are then logged in. It works once and for ${hours(LINK_LIFETIME_MINUTES.finish_signup)}.`,
    },
    { link: { label: "Finish signing up", href: link } },
    {
      paragraph:
        "If you did not ask for this, you can ignore this e-mail: no account is made unless the link is used.",
    },
  ]);
}

/** To a registered address: its owner learns of the attempt, the visitor sees no difference. */
export function signupAttemptEmail({
  to,
  username,
  loginLink,
  resetLink,
}: {
  to: string;
  /** Only for a verified address (see `hello`). */
  username?: string | undefined;
  loginLink: string;
  resetLink: string;
}): MailMessage {
  return composeMail(
    "signup_attempt",
    to,
    "Someone tried to sign up at Kybernetes with your e-mail address",
    [
      { paragraph: hello(username) },
      {
        paragraph: `Someone (perhaps you) tried to create a new Kybernetes account with ${to}. This address already belongs to an account, so no new account was made and nothing was changed.`,
      },
      {
        paragraph: username
          ? `If it was you: you already have an account, with the username ${username}. Log in with it:`
          : "If it was you: you already have an account with this address. Log in with it:",
      },
      { link: { label: "Log in", href: loginLink } },
      { paragraph: "Forgotten your password? Reset it with a link sent to this address:" },
      { link: { label: "Reset my password", href: resetLink } },
      { paragraph: "If it was not you, you need not do anything: your account is unchanged." },
    ],
  );
}

export function emailInUseEmail({ to }: { to: string }): MailMessage {
  return composeMail("email_in_use", to, "Someone tried to use your e-mail address at Kybernetes", [
    {
      paragraph: `Someone asked to move a Kybernetes account to ${to}, but this address already belongs to an account. Nothing was changed.`,
    },
    {
      paragraph:
        "If it was you: you already have an account with this address. Log in with it, or reset its password from the login page. If it was not you, you need not do anything.",
    },
  ]);
}

export function emailChangedEmail({
  to,
  username,
  newEmail,
}: {
  to: string;
  username?: string | undefined;
  newEmail: string;
}): MailMessage {
  return composeMail("email_changed", to, "Your Kybernetes e-mail address was changed", [
    { paragraph: hello(username) },
    {
      paragraph: `The e-mail address of your Kybernetes account is now ${newEmail}. Messages about your account and orders will go there from now on.`,
    },
    {
      paragraph:
        "If you did not make this change, reply to this e-mail or contact us at once so we can secure your account.",
    },
  ]);
}

export function passwordChangedEmail({
  to,
  username,
  how,
}: {
  to: string;
  username?: string | undefined;
  how: "changed" | "reset";
}): MailMessage {
  return composeMail("password_changed", to, "Your Kybernetes password was changed", [
    { paragraph: hello(username) },
    {
      paragraph:
        how === "reset"
          ? "The password of your Kybernetes account was reset with a link we e-mailed. Every device that was logged in has been logged out."
          : "The password of your Kybernetes account was changed from your account page. Every other device that was logged in has been logged out; the one it was changed on stays logged in.",
    },
    {
      paragraph:
        "If you did not do this, reset your password from the login page now and contact us.",
    },
  ]);
}

export function resetPasswordEmail({ to, username, link }: LinkMail): MailMessage {
  return composeMail("reset_password", to, "Reset your Kybernetes password", [
    { paragraph: hello(username) },
    {
      paragraph: `Someone (we hope you) asked to reset the password of your Kybernetes account. This link lets you choose a new one; it works once and for ${hours(LINK_LIFETIME_MINUTES.reset_password)}.`,
    },
    { link: { label: "Choose a new password", href: link } },
    { paragraph: "If you did not ask for this, ignore this e-mail: your password stays as it is." },
  ]);
}

export function confirmSubscriptionEmail({ to, username, link }: LinkMail): MailMessage {
  return composeMail(
    "confirm_subscription",
    to,
    "Confirm your subscription to the Kybernetes mailing list",
    [
      { paragraph: hello(username) },
      { paragraph: "You asked to join our mailing list. You agreed to this:" },
      { paragraph: `“${MAILING_LIST_CONSENT_WORDING}”` },
      {
        paragraph: `Your subscription starts only when you open this link and press “Confirm my subscription” on the page (it works for ${hours(LINK_LIFETIME_MINUTES.confirm_subscription)}):`,
      },
      { link: { label: "Yes, subscribe me", href: link } },
      {
        paragraph:
          "If you did not ask for this, ignore this e-mail and you will not be subscribed.",
      },
    ],
  );
}

/** Spam Act 2003 s 18 and RFC 8058: every marketing e-mail carries a one-click unsubscribe. */
export function marketingEmail(
  kind: string,
  {
    to,
    subject,
    paragraphs,
    unsubscribeLink,
    unsubscribeApi,
  }: {
    to: string;
    subject: string;
    paragraphs: string[];
    unsubscribeLink: string;
    /** The URL a mail client POSTs `List-Unsubscribe=One-Click` to. */
    unsubscribeApi: string;
  },
): MailMessage {
  return composeMail(
    kind,
    to,
    subject,
    [
      ...paragraphs.map((paragraph) => ({ paragraph })),
      {
        paragraph:
          "You receive this because you subscribed to the Kybernetes mailing list. One click unsubscribes you, no login needed:",
      },
      { link: { label: "Unsubscribe", href: unsubscribeLink } },
    ],
    {
      "List-Unsubscribe": `<${unsubscribeApi}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  );
}

export function welcomeToMailingListEmail(input: {
  to: string;
  username: string;
  unsubscribeLink: string;
  unsubscribeApi: string;
}): MailMessage {
  return marketingEmail("mailing_list_welcome", {
    ...input,
    subject: "Welcome to the Kybernetes mailing list",
    paragraphs: [
      `Hello ${input.username},`,
      "Thank you for confirming: you are on the Kybernetes mailing list. Expect an e-mail now and then about new books, tools, courses and events, never more than a few a month.",
    ],
  });
}
