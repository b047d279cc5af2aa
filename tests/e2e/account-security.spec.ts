import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  layoutShift,
  setTheme,
  test,
  waitForHydration,
  watchLayoutShifts,
} from "../browser/fixtures.ts";
import { countMails, linkIn, waitForMail } from "../browser/outbox.ts";
import {
  createUser,
  holdToken,
  logInThroughApi,
  newAccount,
  sessionStatus,
  storedToken,
} from "../browser/users.ts";

// Issue 13 (decision 015): what the e-mails prove and what logging out ends, through the
// pages a person uses and the .eml files the test server writes instead of sending.

const INVALID_LINK =
  "This link is not valid any more: it was used already, it expired, or a newer one was sent.";
const RESET_LINK_SENT =
  "If an account uses that address, we sent it a link to reset the password. The link works once and expires in 30 minutes.";
const SUBSCRIPTION_PENDING =
  "Check your inbox: we sent a confirmation link to your e-mail. Your subscription starts when you follow it.";

// Refused links, wrong passwords and ended sessions answer 400 or 401 on purpose; the browser
// logs each as a console error.
test.use({ allowedConsoleErrors: /status of 40[01]/ });

/**
 * Opens /account on a phone and checks that its details (read by the page's script, since the
 * login is in the browser) fill in without moving anything below them.
 */
async function expectAccountFillsInInPlace(page: Page, status: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/account");
  await expect(accountDetail(page, "Email status")).toContainText(status);
  expect(await layoutShift(page)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The value beside `term` in the account's details list. */
function accountDetail(page: Page, term: string) {
  return page
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

test("sign up, follow the e-mailed link, and the account is made with its address verified", async ({
  page,
  request,
}) => {
  test.slow();
  await watchLayoutShifts(page);
  const account = newAccount();
  await page.goto("/signup");
  await waitForHydration(page);
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Register" }).click();
  // The same answer as for an address that has an account (issue 34): nothing made yet.
  await expect(
    page.getByRole("status").filter({ hasText: "Check your e-mail to finish signing up" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  const mail = await waitForMail({ kind: "finish_signup", to: account.email });
  expect(mail.text).not.toContain(`Hello ${account.username}`);
  const link = linkIn(mail, "/finish-signup");
  expect(link).toMatch(/^\/finish-signup\?token=/);
  await page.goto(link);
  await waitForHydration(page);
  // The secret is gone from the address bar once read.
  await expect(page).toHaveURL("/finish-signup");
  // Opening the link makes nothing (mail scanners open links): the button does.
  const before = await request.post("/api/login", {
    data: { username: account.username, password: account.password },
  });
  expect(before.status()).toBe(401);
  await page.getByRole("button", { name: "Finish signing up" }).click();
  await expect(page).toHaveURL("/account");
  await expect(
    page.getByRole("status").filter({ hasText: "Success: Registration successful" }),
  ).toBeVisible();
  await expect(accountDetail(page, "Email status")).toHaveText("Verified");
  await expect(page.getByRole("button", { name: "Resend link" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectAccountFillsInInPlace(page, "Verified");

  // A link works once.
  await page.goto(link);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Finish signing up" }).click();
  await expect(page.getByRole("alert").filter({ hasText: INVALID_LINK })).toBeVisible();
  await expect(page.getByRole("link", { name: "log in" })).toBeVisible();
  await setTheme(page, "dark");
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("alert").filter({ hasText: /link/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a new e-mail address takes the current password and starts once its link is followed", async ({
  page,
  request,
}) => {
  test.slow();
  const user = await createUser(request);
  const newEmail = `new-${user.email}`;
  await holdToken(page, user.token);
  await page.goto("/account");
  await waitForHydration(page);

  await page.getByPlaceholder("Enter new email").fill(newEmail);
  await page.getByRole("button", { name: "Update account" }).click();
  const current = page.getByLabel("Current password");
  await expect(current).toHaveAccessibleDescription(
    /Enter your current password to change your email or password/,
  );
  await current.fill("not my password");
  await page.getByRole("button", { name: "Update account" }).click();
  await expect(current).toHaveAccessibleDescription(/Your current password is not correct/);
  await expectNoAxeViolations(page);

  await current.fill(user.password);
  await page.getByRole("button", { name: "Update account" }).click();
  await expect(
    page.getByRole("status").filter({
      hasText: `We sent a link to ${newEmail}. Your e-mail changes when you follow it.`,
    }),
  ).toBeVisible();
  await expect(accountDetail(page, "Email")).toHaveText(user.email);
  await expect(accountDetail(page, "Email status")).toContainText(`Changing to ${newEmail}`);

  const mail = await waitForMail({ kind: "verify_email", to: newEmail });
  await page.goto(linkIn(mail, "/verify-email"));
  await waitForHydration(page);
  await page.getByRole("button", { name: "Verify my e-mail" }).click();
  await expect(page.getByText(`${newEmail} is the e-mail address of your account`)).toBeVisible();
  await page.goto("/account");
  await expect(accountDetail(page, "Email")).toHaveText(newEmail);
  await expect(accountDetail(page, "Email status")).toHaveText("Verified");
});

test("the mailing list is double opt-in, and its e-mails unsubscribe without a login", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const user = await createUser(request);
  const details = async () =>
    (await (
      await request.get("/api/get-account-details", {
        headers: { authorization: `Bearer ${user.token}` },
      })
    ).json()) as { subscribed: boolean; subscriptionPending: boolean };

  await holdToken(page, user.token);
  await page.goto("/account");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: SUBSCRIPTION_PENDING })).toBeVisible();
  await expect(accountDetail(page, "Mailing list")).toHaveText("Subscription pending confirmation");
  expect(await details()).toMatchObject({ subscribed: false, subscriptionPending: true });

  const confirmation = await waitForMail({ kind: "confirm_subscription", to: user.email });
  await setTheme(page, "dark");
  await page.goto(linkIn(confirmation, "/confirm-subscription"));
  await waitForHydration(page);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Successfully subscribed!" }),
  ).toBeVisible();
  await expect(page).toHaveURL("/confirm-subscription");
  await expectNoAxeViolations(page);
  await page.goto("/account");
  await expect(accountDetail(page, "Mailing list")).toHaveText("Subscribed");

  // The welcome e-mail is marketing: it carries RFC 8058's one-click headers.
  const welcome = await waitForMail({ kind: "mailing_list_welcome", to: user.email });
  const oneClick = /^<(https?:\/\/[^>]+\/api\/unsubscribe\?token=[^>]+)>$/.exec(
    welcome.headers["list-unsubscribe"] ?? "",
  )?.[1];
  expect(oneClick, "List-Unsubscribe").toBeTruthy();
  expect(welcome.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

  // The e-mail's link, opened in a browser that never logged in: a mail scanner opening it
  // unsubscribes nobody; the button does.
  const stranger = await browser.newContext({ baseURL });
  try {
    const other = await stranger.newPage();
    await other.goto(linkIn(welcome, "/unsubscribe"));
    await waitForHydration(other);
    const button = other.getByRole("button", { name: "Unsubscribe" });
    await expect(button).toBeVisible();
    await expect(other).toHaveURL("/unsubscribe");
    await expectNoAxeViolations(other);
    expect((await details()).subscribed).toBe(true);
    await button.click();
    await expect(
      other.getByRole("status").filter({ hasText: "Successfully unsubscribed!" }),
    ).toBeVisible();
    await expectNoAxeViolations(other);
  } finally {
    await stranger.close();
  }
  expect((await details()).subscribed).toBe(false);

  // What a mail client sends for the one-click header answers without a login too.
  const { pathname, search } = new URL(oneClick ?? "");
  const posted = await request.post(`${pathname}${search}`, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(posted.status()).toBe(200);
  expect((await details()).subscribed).toBe(false);
});

test("a forgotten password is reset by e-mail: the old one stops working, the new one logs in", async ({
  page,
  request,
}) => {
  test.slow();
  const user = await createUser(request);
  const newPassword = "violet lantern harbour 58";

  await page.goto("/login");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL("/forgot-password");
  await expect(
    page.getByRole("heading", { level: 1, name: "Forgot your password?" }),
  ).toBeVisible();
  await waitForHydration(page);
  // An address without an account gets the same answer, so the form tells nobody who is here.
  await page.getByLabel("Email").fill(`nobody-${user.email}`);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: RESET_LINK_SENT })).toBeVisible();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: RESET_LINK_SENT })).toBeVisible();
  await expectNoAxeViolations(page);

  const mail = await waitForMail({ kind: "reset_password", to: user.email });
  expect(countMails({ kind: "reset_password", to: `nobody-${user.email}` })).toBe(0);
  // The reset page in dark mode (the page forgets the link once read, so no reload after).
  await setTheme(page, "dark");
  await page.goto(linkIn(mail, "/reset-password"));
  await waitForHydration(page);
  await expect(page).toHaveURL("/reset-password");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  const field = page.getByLabel("New password", { exact: true });
  const again = page.getByLabel("Confirm new password", { exact: true });
  await expect(field).toHaveAttribute("autocomplete", "new-password");
  await expectNoAxeViolations(page);
  // The server says why a password is too easy to guess, next to the field.
  await field.fill("password");
  await again.fill("password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  await field.fill(newPassword);
  await again.fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your password has been changed" }),
  ).toBeVisible();

  // Every session ended; the old password is refused and the new one works.
  expect(await sessionStatus(request, user.token)).toBe(401);
  const old = await request.post("/api/login", {
    data: { username: user.username, password: user.password },
  });
  expect(old.status()).toBe(401);

  await page.getByRole("link", { name: "Log in" }).click();
  await expect(page).toHaveURL("/login");
  await waitForHydration(page);
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL("/account");
  await expect(page.getByText(`Welcome, ${user.username}`)).toBeVisible();

  // The link worked once.
  await page.goto(linkIn(mail, "/reset-password"));
  await waitForHydration(page);
  await page.getByLabel("New password", { exact: true }).fill("another violet harbour 91");
  await page.getByLabel("Confirm new password", { exact: true }).fill("another violet harbour 91");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: INVALID_LINK })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
});

test("Logout ends its session on the server; Log out everywhere ends them all", async ({
  page,
  request,
}) => {
  const user = await createUser(request);

  // The header's Logout: the token is worthless afterwards, not only forgotten.
  await holdToken(page, user.token);
  await page.goto("/account");
  await waitForHydration(page);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Logout" })
    .click();
  await expect(page).toHaveURL("/?notice=logged-out");
  expect(await storedToken(page)).toBeNull();
  expect(await sessionStatus(request, user.token)).toBe(401);

  const here = await logInThroughApi(request, user);
  const elsewhere = await logInThroughApi(request, user);
  expect(await sessionStatus(request, elsewhere)).toBe(200);
  await holdToken(page, here);
  await page.goto("/account");
  await waitForHydration(page);
  const dialogs: string[] = [];
  page.once("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole("button", { name: "Log out everywhere" }).click();
  await expect.poll(() => dialogs).toHaveLength(1);
  expect(await sessionStatus(request, elsewhere)).toBe(200);

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Log out everywhere" }).click();
  await expect(page).toHaveURL("/?notice=logged-out-everywhere");
  expect(await storedToken(page)).toBeNull();
  expect(await sessionStatus(request, here)).toBe(401);
  expect(await sessionStatus(request, elsewhere)).toBe(401);
});

test("Download my data saves the account's data as kybernetes-my-data.json", async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await holdToken(page, user.token);
  await page.goto("/account");
  await waitForHydration(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("kybernetes-my-data.json");
  const file = await download.path();
  const data = JSON.parse(readFileSync(file, "utf8")) as unknown;
  const text = JSON.stringify(data);
  expect(text).toContain(user.username);
  expect(text).toContain(user.email);
  await expect(
    page.getByRole("status").filter({ hasText: "kybernetes-my-data.json" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
