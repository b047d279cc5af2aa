import { errorFeedback, type Feedback } from "#app/components/form-field.tsx";
import { isFailure, type FormFailure } from "#app/lib/forms.ts";

/**
 * The account page's forms post to one action (app/routes/account.tsx); an `intent` field says
 * which form it is. Download my data posts to its own resource route (app/routes/account-data.ts).
 */
export const ACCOUNT_INTENTS = [
  "update",
  "resendVerification",
  "subscribe",
  "unsubscribe",
  "logOutEverywhere",
  "deleteAccount",
  "addAddress",
  "editAddress",
  "deleteAddress",
  "defaultAddress",
] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

export const INTENT_FIELD = "intent";

export type AddressIntent = "addAddress" | "editAddress" | "deleteAddress" | "defaultAddress";
/** Set once the person has confirmed (the browser's dialog, or the page's second button). */
export const CONFIRMED_FIELD = "confirmed";

/** The two changes that ask first (SPEC §5 for the deletion), and end the login in this browser. */
export type LeavingIntent = "logOutEverywhere" | "deleteAccount";
export const leaves = (intent: AccountIntent): intent is LeavingIntent =>
  intent === "logOutEverywhere" || intent === "deleteAccount";

/** A change made. */
export type AccountDone =
  | {
      intent: "update";
      done: true;
      /** The fresh login the page stores: it carries the new username (and password version). */
      token: string;
      /** The new address, when it waits for its link to be followed. */
      emailChangePending?: string;
      /** A username or password changed too. */
      otherChanges: boolean;
    }
  | { intent: "resendVerification"; done: true; alreadyVerified: boolean }
  | { intent: "subscribe"; done: true; subscribed: boolean }
  | { intent: "unsubscribe" | LeavingIntent | AddressIntent; done: true };

/** A press that has not been confirmed yet (no script ran to ask): the page asks. */
export interface AccountConfirm {
  intent: LeavingIntent;
  confirm: true;
}

/** A refusal; `noLogin` when the form came without the login (a browser running no script). */
export type AccountFailure = FormFailure & { noLogin?: true };

export type AccountAnswer = AccountDone | AccountConfirm | AccountFailure;

export function intentOf(source: FormData | AccountAnswer | undefined): AccountIntent | undefined {
  if (source === undefined) return undefined;
  const value =
    source instanceof FormData
      ? source.get(INTENT_FIELD)
      : "intent" in source
        ? source.intent
        : source.values[INTENT_FIELD];
  return ACCOUNT_INTENTS.find((intent) => intent === value);
}

/** The answer if it is for one of `intents`' forms. */
export function answerFor<const Intent extends AccountIntent>(
  answer: AccountAnswer | undefined,
  ...intents: Intent[]
): (AccountAnswer & { intent?: Intent }) | undefined {
  const intent = intentOf(answer);
  return intent !== undefined && (intents as AccountIntent[]).includes(intent)
    ? (answer as AccountAnswer & { intent?: Intent })
    : undefined;
}

export const isDone = (answer: AccountAnswer | undefined): answer is AccountDone =>
  answer !== undefined && "done" in answer;

export const isConfirm = (answer: AccountAnswer | undefined): answer is AccountConfirm =>
  answer !== undefined && "confirm" in answer;

export { isFailure };

/** What a browser that ran no script is told: SPEC keeps the login where only a script reads it. */
export const NEEDS_JAVASCRIPT =
  "Your account needs JavaScript: your login is kept in this browser, and only the page's script can read it. Please turn JavaScript on and try again.";

/**
 * What a one-button change shows once answered: `done` when made, `failed` when refused, and
 * why only when the form came without the login (the page's script had not run).
 */
export function changeFeedback(
  answer: AccountAnswer | undefined,
  { done, failed }: { done: string; failed: string },
): Feedback {
  if (isDone(answer)) return { kind: "success", text: done };
  if (!isFailure(answer)) return null;
  return errorFeedback(failed, answer.noLogin ? answer.message : undefined);
}
