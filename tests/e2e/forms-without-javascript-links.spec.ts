import type { APIRequestContext, Page, Request } from "@playwright/test";
import { expect, holdScripts, test } from "../browser/fixtures.ts";
import { linkIn, type OutboxMail, waitForMail } from "../browser/outbox.ts";
import { createUser } from "../browser/users.ts";

// Issue 24, decision 021: the pages e-mailed links open, and the form that sends a reset link,
// pressed in a browser that runs no JavaScript. Opening a link changes nothing; the page's one
// button posts the link's secret in the body, and the answer's address holds no secret. (Axe
// runs in the page, so the pages' accessibility is checked with JavaScript on, in
// account-security.spec.ts.)

const RESET_LINK_SENT =
  "If an account uses that address, we sent it a link to reset the password. The link works once and expires in 30 minutes.";
const INVALID_LINK =
  "This link is not valid any more: it was used already, it expired, or a newer one was sent.";

async function accountDetails(request: APIRequestContext, token: string) {
  const response = await request.get("/api/get-account-details", {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as {
    email: string;
    pendingEmail: string | null;
    subscribed: boolean;
    subscriptionPending: boolean;
  };
}

/**
 * Asks for a new address, which sends it a verification link (a sign-up's own address is
 * proved by its link, issue 34). Answers the new address.
 */
async function askForNewEmail(
  request: APIRequestContext,
  user: { email: string; password: string; token: string },
) {
  const email = `new-${user.email}`;
  const response = await request.post("/api/update-account", {
    headers: { authorization: `Bearer ${user.token}` },
    data: { email, currentPassword: user.password },
  });
  expect(response.status()).toBe(200);
  return email;
}

/** Presses `button` and answers the POST it sent (a document POST without JavaScript). */
async function press(page: Page, name: string): Promise<Request> {
  const [post] = await Promise.all([
    page.waitForRequest((request) => request.method() === "POST"),
    page.getByRole("button", { name, exact: true }).click(),
  ]);
  await page.waitForLoadState();
  return post;
}

/** What a link page's POST sent: to the page's own path, the secret in the body only. */
function expectSecretInBodyOnly(post: Request, path: string) {
  const url = new URL(post.url());
  expect(url.pathname).toBe(path);
  expect(url.search).toBe("");
  // The page's policy: a Referer is the origin alone, never the address with its secret.
  expect(post.headers()["referer"] ?? "").not.toContain("token");
  return new URLSearchParams(post.postData() ?? "");
}

/**
 * Opens a mailing-list e-mail's link, which changes nothing, then presses the page's button:
 * the secret goes in the body, the page says so, and the subscription is `subscribed` after.
 */
async function followSubscriptionLink(
  page: Page,
  request: APIRequestContext,
  token: string,
  step: { mail: OutboxMail; path: string; button: string; says: string; subscribed: boolean },
) {
  await page.goto(linkIn(step.mail, step.path));
  expect((await accountDetails(request, token)).subscribed).toBe(!step.subscribed);
  expectSecretInBodyOnly(await press(page, step.button), step.path);
  await expect(page.getByRole("status").filter({ hasText: step.says })).toBeVisible();
  expect((await accountDetails(request, token)).subscribed).toBe(step.subscribed);
}

test.describe("e-mailed links and forgot password without JavaScript", () => {
  // A used link and a refused password answer 400 on purpose.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: /status of 400/ });

  test("forgot password, the e-mail, and a new password typed twice", async ({ page, request }) => {
    test.slow();
    const user = await createUser(request);
    const newPassword = "violet lantern harbour 58";

    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(user.email);
    const asked = await press(page, "Send reset link");
    expect(new URL(asked.url()).search).toBe("");
    await expect(page.getByRole("status").filter({ hasText: RESET_LINK_SENT })).toBeVisible();
    await expect(page).toHaveURL("/forgot-password");

    // An invalid address comes back with its message and what was typed.
    await page.getByLabel("Email").fill("ada at example");
    await press(page, "Send reset link");
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Invalid email format");
    await expect(page.getByLabel("Email")).toHaveValue("ada at example");

    const mail = await waitForMail({ kind: "reset_password", to: user.email });
    const link = linkIn(mail, "/reset-password");
    expect(link).toMatch(/^\/reset-password\?token=[\w.-]+$/);
    const opened = await page.goto(link);
    expect(opened?.headers()["referrer-policy"]).toBe("strict-origin");
    expect(opened?.headers()["cache-control"]).toBe("no-store");

    const password = page.getByLabel("New password", { exact: true });
    const again = page.getByLabel("Confirm new password", { exact: true });
    // The two copies must match; the page says so without using the link up.
    await password.fill(newPassword);
    await again.fill(`${newPassword}!`);
    await press(page, "Set new password");
    await expect(page).toHaveURL("/reset-password");
    await expect(again).toHaveAccessibleDescription(/The two passwords are not the same/);

    // The server says why a password is too easy to guess; the link still works after.
    await password.fill("password");
    await again.fill("password");
    await press(page, "Set new password");
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("alert")).toContainText("Failed to change the password.");

    await password.fill(newPassword);
    await again.fill(newPassword);
    const post = await press(page, "Set new password");
    const sent = expectSecretInBodyOnly(post, "/reset-password");
    expect(sent.get("token")).toBe(new URL(link, "http://site").searchParams.get("token"));
    await expect(
      page.getByRole("status").filter({ hasText: "Your password has been changed" }),
    ).toBeVisible();
    await expect(page).toHaveURL("/reset-password");
    expect(await page.content()).not.toContain(sent.get("token") ?? "?");

    const old = await request.post("/api/login", {
      data: { username: user.username, password: user.password },
    });
    expect(old.status()).toBe(401);
    const renewed = await request.post("/api/login", {
      data: { username: user.username, password: newPassword },
    });
    expect(renewed.status()).toBe(200);
  });

  test("a verification link verifies on a press, not on opening, and works once", async ({
    page,
    request,
  }) => {
    test.slow();
    const user = await createUser(request);
    const newEmail = await askForNewEmail(request, user);
    const mail = await waitForMail({ kind: "verify_email", to: newEmail });
    const link = linkIn(mail, "/verify-email");
    expect(link).toMatch(/^\/verify-email\?token=/);

    await page.goto(link);
    await expect(page.getByRole("button", { name: "Verify my e-mail" })).toBeVisible();
    // Opening the link, as a mail scanner does, verified nothing.
    expect(await accountDetails(request, user.token)).toMatchObject({
      email: user.email,
      pendingEmail: newEmail,
    });

    const post = await press(page, "Verify my e-mail");
    expectSecretInBodyOnly(post, "/verify-email");
    await expect(
      page.getByRole("status").filter({ hasText: "Your e-mail address is verified" }),
    ).toBeVisible();
    await expect(page.getByText(`${newEmail} is the e-mail address of your account`)).toBeVisible();
    await expect(page).toHaveURL("/verify-email");
    expect(await accountDetails(request, user.token)).toMatchObject({
      email: newEmail,
      pendingEmail: null,
    });

    await page.goto(link);
    await press(page, "Verify my e-mail");
    await expect(page.getByRole("alert").filter({ hasText: INVALID_LINK })).toBeVisible();
  });

  test("a subscription is confirmed, then ended, by the e-mails' links", async ({
    page,
    request,
  }) => {
    test.slow();
    const user = await createUser(request);
    const subscribe = await request.put("/api/Subscribe-mailing-list", {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(subscribe.ok()).toBe(true);

    await followSubscriptionLink(page, request, user.token, {
      mail: await waitForMail({ kind: "confirm_subscription", to: user.email }),
      path: "/confirm-subscription",
      button: "Confirm my subscription",
      says: "Successfully subscribed!",
      subscribed: true,
    });
    await followSubscriptionLink(page, request, user.token, {
      mail: await waitForMail({ kind: "mailing_list_welcome", to: user.email }),
      path: "/unsubscribe",
      button: "Unsubscribe",
      says: "Successfully unsubscribed!",
      subscribed: false,
    });
  });

  test("a link page opened without its secret says so when pressed", async ({ page }) => {
    test.slow();
    await page.goto("/verify-email");
    await press(page, "Verify my e-mail");
    await expect(page.getByRole("alert")).toContainText("the link's code is missing");
  });
});

test("a link e-mailed before decision 021 (#token=) works when pressed before hydration", async ({
  page,
  request,
}) => {
  test.slow();
  const user = await createUser(request);
  const newEmail = await askForNewEmail(request, user);
  const mail = await waitForMail({ kind: "verify_email", to: newEmail });
  const link = linkIn(mail, "/verify-email").replace("?token=", "#token=");
  const release = await holdScripts(page);
  await page.goto(link, { waitUntil: "commit" });
  // The page script (inline, never held) moves the fragment's secret into the form.
  const [post] = await Promise.all([
    page.waitForRequest((request) => request.method() === "POST"),
    page.getByRole("button", { name: "Verify my e-mail" }).click(),
  ]);
  release();
  expect(new URL(post.url()).search).toBe("");
  await expect(
    page.getByRole("status").filter({ hasText: "Your e-mail address is verified" }),
  ).toBeVisible();
  expect((await accountDetails(request, user.token)).email).toBe(newEmail);
});
