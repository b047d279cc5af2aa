import { finishSignupEmail, signupAttemptEmail } from "#core/account/account-emails.ts";
import { accountLinkPaths } from "#core/account/account-links.ts";
import type { Signup } from "#core/account/account-schemas.ts";
import { invalidLink, refuseWeakPassword, takenError } from "./account-guards.ts";
import {
  linkTo,
  signIn,
  type AccountContext,
  type Caller,
  type SignedIn,
} from "./account-context.ts";
import { logSecurityEvent } from "./security-log.ts";
import { InvalidTokenError } from "./tokens.ts";
import { TakenError } from "./user-store.ts";
import { verifiedName } from "./verified-name.ts";
import { HttpError } from "../http/http-errors.ts";
import { enqueueMail } from "../mail/outbox.ts";

/**
 * SPEC §7 signup, answered alike for a new address and a taken one (issue 34): one scrypt hash,
 * the same look-ups and one e-mail either way, so neither answer nor time says who is
 * registered. A taken username is still said: usernames are shown, addresses never.
 */
export async function signUp(
  context: AccountContext,
  caller: Caller,
  input: Signup,
): Promise<void> {
  const { auth, db, siteUrl } = context;
  refuseWeakPassword(input.password, [input.username, input.email]);
  const passwordHash = await auth.passwords.hash(input.password);
  if (await auth.users.findByUsername(input.username)) takenError(new TakenError("username"));
  const owner = await auth.users.findByEmail(input.email);
  // Sealed whoever has the address, so both ways do the same work.
  const sealed = await auth.sealSignup({
    username: input.username,
    email: input.email,
    passwordHash,
  });
  // Both e-mails are written either way, so the work does not tell which one is sent.
  const attempt = signupAttemptEmail({
    to: owner?.email ?? input.email,
    username: owner ? verifiedName(owner, owner.email) : input.username,
    loginLink: `${siteUrl}${accountLinkPaths.login}`,
    resetLink: `${siteUrl}${accountLinkPaths.forgotPassword}`,
  });
  const finish = finishSignupEmail({
    to: input.email,
    link: linkTo(context, accountLinkPaths.finishSignup, sealed),
  });
  const message = owner ? attempt : finish;
  // At the recipient limit nothing is queued, for either kind: the same answer still.
  const queued = await enqueueMail(db, message);
  logSecurityEvent(caller, "signup_requested", queued ? "success" : "blocked", {
    userId: owner?.id,
    ...(queued ? (owner ? { reason: "address taken" } : {}) : { reason: "recipient limit" }),
  });
}

/** Makes the account and logs in (SPEC: ends on /account); a second press finds it taken. */
export async function finishSignup(
  context: AccountContext,
  caller: Caller,
  token: string,
): Promise<SignedIn> {
  const { auth } = context;
  let pending;
  try {
    pending = await auth.openSignup(token);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw invalidLink();
    throw error;
  }
  const { username, email } = pending;
  const user = await auth.users
    .create({ ...pending, emailVerifiedAt: new Date() })
    .catch(async (error: unknown) => {
      if (!(error instanceof TakenError)) throw error;
      // Used already (whichever index spoke first), or the address has an account since.
      if (error.field === "email" || (await auth.users.findByEmail(email))) {
        throw invalidLink();
      }
      throw new HttpError(
        409,
        "username_taken",
        `Someone took the username ${username} after you signed up, so the account could not be made. Please sign up again with another username.`,
      );
    });
  logSecurityEvent(caller, "signup", "success", { userId: user.id });
  return signIn(context, caller, user);
}
