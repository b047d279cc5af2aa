import type { FastifyRequest } from "fastify";
import { accountLink } from "#core/account/account-links.ts";
import type { Auth } from "./auth.ts";
import { DEVICE_COOKIE } from "./device-cookies.ts";
import type { Db } from "../db/client.ts";
import type { User } from "../db/schema.ts";
import type { OrderService } from "../orders/order-service.ts";

/** What every account use case takes first (SPEC §7, decision 015), from account-doors.ts. */
export interface AccountContext {
  auth: Auth;
  db: Db;
  orders: OrderService;
  siteUrl: string;
}

/** An API request or a site form post: its address is logged, its cookies hold the device's. */
export type Caller = Pick<FastifyRequest, "ip" | "log" | "cookies" | "protocol">;

/** A login: the token for the browser to keep, and the device cookie's new value. */
export interface SignedIn {
  token: string;
  /** The account's device cookie for this browser (device-cookies.ts). */
  device: string;
}

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
