import type { FastifyRequest } from "fastify";
import { accountLink } from "#core/account/account-links.ts";
import type { Auth } from "./auth.ts";
import { DEVICE_COOKIE } from "./device-cookies.ts";
import type { Db } from "../db/client.ts";
import type { User } from "../db/schema.ts";
import type { OrderService } from "../orders/order-service.ts";

/**
 * What every account change needs (SPEC §7's calls and the account's security, decision 015):
 * each use case (sign-up.ts, log-in.ts, update-account.ts…) takes it first, and
 * account-doors.ts hands it to them for the API and the site's forms alike.
 */
export interface AccountContext {
  auth: Auth;
  db: Db;
  orders: OrderService;
  siteUrl: string;
}

/**
 * Who asks: a request to the API or a page's form posted to the site. Its address goes into
 * the security log and the consent trail, its cookies hold the browser's device cookie.
 */
export type Caller = Pick<FastifyRequest, "ip" | "log" | "cookies" | "protocol">;

/** A login: the token for the browser to keep, and the device cookie's new value. */
export interface SignedIn {
  token: string;
  /** The account's device cookie for this browser (device-cookies.ts). */
  device: string;
}

/** An e-mailed link to one of the account's pages. */
export const linkTo = (
  { siteUrl }: AccountContext,
  path: Parameters<typeof accountLink>[1],
  token: string,
) => accountLink(siteUrl, path, token);

/** A login for `user`: a new session, its token, and this browser's device cookie renewed. */
export async function signIn(
  { auth }: AccountContext,
  caller: Caller,
  user: User,
): Promise<SignedIn> {
  return {
    token: await auth.issueToken(user),
    device: auth.devices.issue(caller.cookies[DEVICE_COOKIE], user.usernameKey),
  };
}
