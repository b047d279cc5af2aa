import type { FastifyRequest } from "fastify";
import type { Auth } from "./auth.ts";
import { LoginThrottledError, type AttemptKeys } from "./login-limits.ts";
import { passwordWeakness } from "./password-strength.ts";
import { logSecurityEvent } from "./security-log.ts";
import { TakenError } from "./user-store.ts";
import { HttpError, tooManyRequests } from "../http/http-errors.ts";

/** A second e-mail of the same kind within this time is not sent (someone pressing twice). */
export const RESEND_AFTER_MS = 60_000;

export const INVALID_LINK =
  "This link is not valid any more: it was used already, it expired, or a newer one was sent.";

export const invalidLink = () => new HttpError(400, "invalid_link", INVALID_LINK);

const TAKEN_MESSAGES = {
  username: "This username is already taken",
  email: "An account with this email already exists",
} as const;

/** A username or address another account holds, as a 409 naming the field. */
export function takenError(error: unknown): never {
  if (error instanceof TakenError) {
    throw new HttpError(409, `${error.field}_taken`, TAKEN_MESSAGES[error.field], {
      [error.field]: TAKEN_MESSAGES[error.field],
    });
  }
  throw error;
}

/** A 400 on the password field saying why it is too easy to guess. */
export function refuseWeakPassword(password: string, context: string[]): void {
  const weakness = passwordWeakness(password, context);
  if (weakness) throw new HttpError(400, "weak_password", weakness, { password: weakness });
}

/** "40 seconds", "1 minute", "15 minutes". */
function waitWords(seconds: number): string {
  if (seconds < 120) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Counts a password attempt before it is checked; a 429 when a limit is reached. Answers
 * whether the browser was trusted by its device cookie (auth/login-limits.ts).
 */
export async function countPasswordAttempt(
  auth: Auth,
  caller: Pick<FastifyRequest, "ip" | "log">,
  keys: AttemptKeys,
  userId?: number,
): Promise<{ trusted: boolean }> {
  try {
    return await auth.limits.attempt(keys);
  } catch (error) {
    if (!(error instanceof LoginThrottledError)) throw error;
    logSecurityEvent(caller, "login_throttled", "blocked", { userId, reason: error.limit });
    const wait = waitWords(error.retryAfterSeconds);
    throw tooManyRequests(
      "rate_limited",
      error.limit === "account"
        ? `Too many failed logins for this account from new devices. Please try again in ${wait}, log in from a device you have used before, or reset your password.`
        : `Too many failed logins. Please try again in ${wait}.`,
      error.retryAfterSeconds,
    );
  }
}
