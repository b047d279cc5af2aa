import { randomInt } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import type { Db } from "../../server/db/client.ts";
import { outbox } from "../../server/db/schema.ts";
import { databaseOf } from "./test-app.ts";

/** A client address of its own, so rate-limit counters of tests never meet. */
export function uniqueIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

import { newAccount, PASSWORD, uniqueName } from "#tests/fixtures/users.ts";

export { newAccount, PASSWORD, uniqueName };

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

type Extra = Pick<InjectOptions, "remoteAddress" | "headers">;

/** A POST from its own address (unless one is given), clear of the per-address limits. */
export function post(app: FastifyInstance, url: string, payload?: object, extra: Extra = {}) {
  return app.inject({
    method: "POST",
    url,
    remoteAddress: uniqueIp(),
    ...(payload ? { payload } : {}),
    ...extra,
  });
}

/**
 * An account made as a person makes one (issue 34): the sign-up, then the link it e-mailed
 * followed, which makes the account and logs in. Answers the account and its login.
 */
export async function signUp(app: FastifyInstance, account = newAccount(), extra: Extra = {}) {
  const asked = await post(app, "/api/signup", account, extra);
  if (asked.statusCode !== 202) {
    throw new Error(`sign-up failed: ${asked.statusCode} ${asked.body}`);
  }
  const { token: link } = await linkFromMail(databaseOf(app).db, account.email, "finish_signup");
  const finished = await post(app, "/api/finish-signup", { token: link }, extra);
  if (finished.statusCode !== 201) {
    throw new Error(`finishing the sign-up failed: ${finished.statusCode} ${finished.body}`);
  }
  return { ...account, token: (finished.json() as { token: string }).token };
}

export function logIn(app: FastifyInstance, username: string, password: string, extra: Extra = {}) {
  return post(app, "/api/login", { username, password }, extra);
}

export function accountDetails(app: FastifyInstance, token: string) {
  return app.inject({ method: "GET", url: "/api/get-account-details", headers: bearer(token) });
}

/** The payload of a JWT, decoded without checking it. */
export function decodePayload(token: string): Record<string, unknown> {
  const [, payload] = token.split(".");
  return JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8")) as Record<
    string,
    unknown
  >;
}

/** The e-mails queued for `to` (newest last), as the outbox holds them. */
export async function mailsTo(db: Db, to: string) {
  return db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(asc(outbox.id));
}

/** The newest e-mail of a kind to `to`, and the secret of the link it carries. */
export async function linkFromMail(db: Db, to: string, kind: string) {
  const mail = (await mailsTo(db, to)).filter((row) => row.kind === kind).at(-1);
  if (!mail) throw new Error(`no ${kind} e-mail to ${to}`);
  const token = /[?#]token=([\w.%-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`the ${kind} e-mail holds no link`);
  return { mail, token: decodeURIComponent(token) };
}

/** Changes made with the current password, as the account form sends them. */
export function updateAccount(
  app: FastifyInstance,
  token: string,
  changes: Record<string, string>,
  currentPassword = PASSWORD,
) {
  return post(
    app,
    "/api/update-account",
    { ...changes, currentPassword },
    { headers: bearer(token) },
  );
}
