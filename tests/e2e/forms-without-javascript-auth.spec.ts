import type { Page, Request } from "@playwright/test";
import { expect, holdScripts, test } from "../browser/fixtures.ts";
import { linkIn, waitForMail } from "../browser/outbox.ts";
import { createUser, newAccount, storedToken } from "../browser/users.ts";

const LOGIN_FAILED = "Login failed. Please check your username and password and try again.";
const NEEDS_JAVASCRIPT = /This site needs JavaScript to keep you logged in/;

/**
 * The document POSTs a page sends to its own address (no data request without a script); a
 * prerendered page's form names its folder (`/login/`).
 */
function posts(page: Page, pathname: string) {
  const sent: Request[] = [];
  page.on("request", (request) => {
    const { pathname: path } = new URL(request.url());
    if (request.method() === "POST" && path.replace(/\/$/, "") === pathname) {
      sent.push(request);
    }
  });
  return sent;
}

/** The device cookie the login answers with (decision 015: known browsers skip strangers' limits). */
async function deviceCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === "kb_device");
}

/**
 * Issue 24: login and sign-up post to their pages' actions, so a press works before the page's
 * JavaScript runs. The login itself lives in localStorage (SPEC), which only a script writes:
 * without one the page says so; with one, the page finishes the job once it has loaded.
 */
test.describe("login and sign-up without JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: /status of (400|401|409|429)/ });

  test("sign-up says to finish from the e-mail; its link's page makes the account and says JavaScript keeps the login", async ({
    page,
    request,
  }) => {
    const account = newAccount("nojs");
    const sent = posts(page, "/signup");
    await page.goto("/signup");
    await page.getByLabel("Username").fill(account.username);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === "POST"),
      page.getByRole("button", { name: "Register" }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(sent).toHaveLength(1);
    // The same answer whether or not the address has an account (issue 34): nothing made yet.
    await expect(
      page.getByRole("status").filter({ hasText: "Check your e-mail to finish signing up" }),
    ).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    // Nothing typed went into the address.
    expect(new URL(page.url()).search).toBe("");
    expect(await deviceCookie(page)).toBeUndefined();
    const early = await request.post("/api/login", {
      data: { username: account.username, password: account.password },
    });
    expect(early.status()).toBe(401);

    const finishing = posts(page, "/finish-signup");
    await page.goto(
      linkIn(await waitForMail({ kind: "finish_signup", to: account.email }), "/finish-signup"),
    );
    const [finished] = await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === "POST"),
      page.getByRole("button", { name: "Finish signing up" }).click(),
    ]);
    expect(finished.status()).toBe(200);
    expect(finishing).toHaveLength(1);
    await expect(
      page.getByRole("status").filter({ hasText: "Success: Registration successful" }),
    ).toBeVisible();
    await expect(page.getByText(NEEDS_JAVASCRIPT)).toBeVisible();
    expect(new URL(page.url()).search).toBe("");
    expect(await deviceCookie(page)).toBeDefined();

    const login = await request.post("/api/login", {
      data: { username: account.username, password: account.password },
    });
    expect(login.status()).toBe(200);
  });

  test("sign-up's messages come back next to the fields, with what was typed but the password", async ({
    page,
    request,
  }) => {
    await page.goto("/signup");
    await page.getByLabel("Email").fill("someone@example");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Register" }).click();
    const username = page.getByLabel("Username");
    await expect(username).toHaveAccessibleDescription("Username is required");
    await expect(username).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Invalid email format");
    await expect(page.getByLabel("Email")).toHaveValue("someone@example");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
      "Password must be at least 8 characters",
    );
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    expect(new URL(page.url()).search).toBe("");

    // The server's own refusal: a taken username, with the support address.
    const existing = await createUser(request);
    await page.getByLabel("Username").fill(existing.username);
    await page.getByLabel("Email").fill(newAccount().email);
    await page.getByLabel("Password", { exact: true }).fill("pass phrase 42");
    await page.getByRole("button", { name: "Register" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Error: Registration failed." });
    await expect(alert).toContainText("support@kybernetes.com.au");
    await expect(alert).toContainText("This username is already taken");
    await expect(page.getByLabel("Username")).toHaveValue(existing.username);
  });

  test("login: a wrong password gets SPEC's one message, the right one says JavaScript keeps it", async ({
    page,
    request,
  }) => {
    const user = await createUser(request);
    const sent = posts(page, "/login");
    await page.goto("/login");
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Password", { exact: true }).fill("not my password");
    const [refused] = await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === "POST"),
      page.getByRole("button", { name: "Login" }).click(),
    ]);
    expect(refused.status()).toBe(401);
    await expect(page.getByRole("alert").filter({ hasText: LOGIN_FAILED })).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveValue(user.username);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

    await page.getByLabel("Password", { exact: true }).fill(user.password);
    const [accepted] = await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === "POST"),
      page.getByRole("button", { name: "Login" }).click(),
    ]);
    expect(accepted.status()).toBe(200);
    expect(accepted.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByRole("status").filter({ hasText: "Login successful" })).toBeVisible();
    await expect(page.getByText(NEEDS_JAVASCRIPT)).toBeVisible();
    expect(await deviceCookie(page)).toBeDefined();
    // Credentials travel in the body only.
    expect(sent).toHaveLength(2);
    for (const post of sent) expect(new URL(post.url()).search).toBe("");
    expect(new URL(page.url()).search).toBe("");
  });

  test("too many failed logins: the wait is shown next to the form", async ({ page, request }) => {
    test.slow();
    const user = await createUser(request);
    // The same visitor (address) through the API first: the page's login shares its limits.
    for (let attempt = 0; attempt < 10; attempt++) {
      const answer = await request.post("/api/login", {
        data: { username: user.username, password: `wrong ${attempt}` },
      });
      expect(answer.status()).toBe(401);
    }
    await page.goto("/login");
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("button", { name: "Login" }).click(),
    ]);
    expect(answer.status()).toBe(429);
    expect(Number(answer.headers()["retry-after"])).toBeGreaterThan(0);
    const alert = page.getByRole("alert").filter({ hasText: LOGIN_FAILED });
    await expect(alert).toContainText(/Please try again in \d+ (second|minute)/);
    await expect(page.getByLabel("Username")).toHaveValue(user.username);
  });
});

test.describe("pressed before the page's JavaScript has loaded", () => {
  test("login: the answered page stores the token once its script runs and follows ?next=", async ({
    page,
    request,
  }) => {
    const user = await createUser(request);
    const release = await holdScripts(page);
    await page.goto("/login?next=%2Fcart", { waitUntil: "commit" });
    await page.getByLabel("Username").fill(user.username);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    const sent = posts(page, "/login");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Login successful" })).toBeVisible();
    expect(new URLSearchParams(sent[0]?.postData() ?? "").get("next")).toBe("/cart");
    release();
    await expect(page).toHaveURL("/cart");
    expect(await storedToken(page)).toBeTruthy();
    // The answered page was replaced: back returns to the form's own address, not the answer.
    await page.goBack();
    await expect(page).not.toHaveURL("/cart");
  });

  test("sign-up's link: the answered page stores the token once its script runs and opens the account", async ({
    page,
  }) => {
    const account = newAccount("early");
    const release = await holdScripts(page);
    await page.goto("/signup", { waitUntil: "commit" });
    await page.getByLabel("Username").fill(account.username);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Check your e-mail to finish signing up" }),
    ).toBeVisible();
    const mail = await waitForMail({ kind: "finish_signup", to: account.email });
    await page.goto(linkIn(mail, "/finish-signup"), { waitUntil: "commit" });
    await page.getByRole("button", { name: "Finish signing up" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Success: Registration successful" }),
    ).toBeVisible();
    release();
    await expect(page).toHaveURL("/account");
    await expect(page.getByText(`Welcome, ${account.username}`)).toBeVisible();
    await expect(
      page.getByRole("status").filter({ hasText: "Success: Registration successful" }),
    ).toBeVisible();
    expect(await storedToken(page)).toBeTruthy();
  });
});
