import { newAccount as freshAccount } from "#tests/fixtures/users.ts";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** A fresh username, address and password no other test uses (tests/fixtures/users.ts). */
export const newAccount = (prefix = "e2e") => freshAccount(prefix);

/** A user made through the API, as fixtures should (never through another test's data). */
export async function createUser(request: APIRequestContext, prefix?: string) {
  const account = newAccount(prefix);
  const response = await request.post("/api/signup", { data: account });
  expect(response.status()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  return { ...account, token };
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
