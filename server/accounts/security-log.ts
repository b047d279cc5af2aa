import type { FastifyRequest } from "fastify";

/**
 * What the security log records (ASVS 16.3): authentication, session and account changes.
 * Never a password, a token or a link's secret.
 */
export type SecurityEvent =
  | "signup"
  /** A sign-up's link e-mailed, or its address's owner told instead (issue 34). */
  | "signup_requested"
  | "login"
  | "login_throttled"
  | "token_rejected"
  | "logout"
  | "logout_everywhere"
  | "password_changed"
  | "password_reset_requested"
  | "password_reset"
  | "email_change_requested"
  | "email_changed"
  | "email_verified"
  | "reauthentication"
  | "subscription_requested"
  | "subscription_confirmed"
  | "unsubscribed"
  | "data_exported"
  | "account_deleted"
  | "staff_access_denied"
  /** A paid eBook downloaded (issue 26), or a link refused. */
  | "download";

export type SecurityOutcome = "success" | "failure" | "blocked";

export interface SecurityDetails {
  userId?: number | undefined;
  /** Why it failed or was blocked, in a word or two (never the input itself). */
  reason?: string;
}

/** One structured line per event: `security.event`, `.outcome`, `.userId`, `.address`. */
export function logSecurityEvent(
  request: Pick<FastifyRequest, "ip" | "log">,
  event: SecurityEvent,
  outcome: SecurityOutcome,
  details: SecurityDetails = {},
): void {
  const line = {
    security: {
      event,
      outcome,
      ...(details.userId !== undefined ? { userId: details.userId } : {}),
      address: request.ip,
      ...(details.reason ? { reason: details.reason } : {}),
    },
  };
  if (outcome === "success") request.log.info(line, `security: ${event}`);
  else request.log.warn(line, `security: ${event} ${outcome}`);
}
