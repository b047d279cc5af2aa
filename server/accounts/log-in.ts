import type { Login } from "#core/account/account-schemas.ts";
import { usernameKey } from "#core/account/username.ts";
import { signIn, type AccountContext, type Caller, type SignedIn } from "./account-context.ts";
import { countPasswordAttempt } from "./account-guards.ts";
import { DEVICE_COOKIE } from "./device-cookies.ts";
import { logSecurityEvent } from "./security-log.ts";
import type { LiveSession } from "./session-store.ts";
import { addressGroup } from "../http/client-address.ts";
import { HttpError } from "../http/http-errors.ts";

/**
 * SPEC §7 login. Every attempt is counted before the password is checked (login limits, device
 * cookies); any wrong pair is the same 401.
 */
export async function logIn(
  context: AccountContext,
  caller: Caller,
  input: Login,
): Promise<SignedIn> {
  const { auth } = context;
  const account = usernameKey(input.username);
  const keys = {
    account,
    address: addressGroup(caller.ip),
    device: auth.devices.trustedDevice(caller.cookies[DEVICE_COOKIE], account),
  };
  const { trusted } = await countPasswordAttempt(auth, caller, keys);
  const user = await auth.users.findByUsername(input.username);
  // An unknown user costs the same hashing work as a wrong password.
  const valid = user
    ? await auth.passwords.verify(input.password, user.passwordHash)
    : await auth.passwords.verifyUnknownUser(input.password);
  if (!user || !valid) {
    logSecurityEvent(caller, "login", "failure", {
      userId: user?.id,
      reason: user ? "wrong password" : "unknown username",
    });
    throw new HttpError(401, "invalid_credentials", "Incorrect username or password");
  }
  await auth.limits.succeeded(keys, { trusted });
  if (auth.passwords.needsRehash(user.passwordHash)) {
    await auth.users.replaceHash(user.id, await auth.passwords.hash(input.password));
  }
  logSecurityEvent(caller, "login", "success", {
    userId: user.id,
    ...(trusted ? { reason: "known device" } : {}),
  });
  return signIn(context, caller, user);
}

export async function logOut({ auth }: AccountContext, caller: Caller, session: LiveSession) {
  await auth.sessions.revoke(session.sessionId);
  logSecurityEvent(caller, "logout", "success", { userId: session.user.id });
}

export async function logOutEverywhere(
  { auth, db }: AccountContext,
  caller: Caller,
  { user }: LiveSession,
) {
  await db.transaction(async (tx) => {
    await auth.users.raiseTokenVersion(user.id, tx);
    await auth.sessions.revokeAll(user.id, tx);
  });
  logSecurityEvent(caller, "logout_everywhere", "success", { userId: user.id });
}
