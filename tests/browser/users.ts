import { newAccount as freshAccount } from "#tests/fixtures/users.ts";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { linkIn, waitForMail } from "./outbox.ts";

/** A fresh username, address and password no other test uses (tests/fixtures/users.ts). */
export const newAccount = (prefix = "e2e") => freshAccount(prefix);

/**
 * A user made through the API, as fixtures should (never through another test's data): the
 * sign-up, then the link it e-mailed followed, which makes the account and logs in (issue 34).
 */
export async function createUser(request: APIRequestContext, prefix?: string) {
  const account = newAccount(prefix);
  const response = await request.post("/api/signup", { data: account });
  expect(response.status()).toBe(202);
  const finished = await request.post("/api/finish-signup", {
    data: { token: await signupLinkToken(account.email) },
  });
  expect(finished.status()).toBe(201);
  const { token } = (await finished.json()) as { token: string };
  return { ...account, token };
}

/** The secret of the sign-up link e-mailed to `email`, once the mail worker has written it. */
export async function signupLinkToken(email: string): Promise<string> {
  const mail = await waitForMail({ kind: "finish_signup", to: email });
  const link = linkIn(mail, "/finish-signup");
  return new URL(link, "http://site").searchParams.get("token") ?? "";
}

/** Logs in through the API: another session of the same account. */
export async function logInThroughApi(
  request: APIRequestContext,
  credentials: { username: string; password: string },
): Promise<string> {
  const { username, password } = credentials;
  const response = await request.post("/api/login", { data: { username, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

export async function storedToken(page: Page) {
  return page.evaluate(() => localStorage.getItem("authToken"));
}

/** Puts the token where the site keeps it, as a login would. */
export async function holdToken(page: Page, token: string) {
  await page.goto("/");
  await page.evaluate((value) => localStorage.setItem("authToken", value), token);
}

/** The status of a bearer call: 200 while the session lives, 401 once it has ended. */
export async function sessionStatus(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get("/api/get-account-details", {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status();
}
