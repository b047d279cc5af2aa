import type { APIRequestContext, Page, Request } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  holdScripts,
  test,
  waitForHydration,
} from "../browser/fixtures.ts";
import { createUser, holdToken, sessionStatus, storedToken } from "../browser/users.ts";

/**
 * Issue 24: the account's forms post to the page's action, a plain form before the page's
 * JavaScript has loaded. SPEC keeps the login in localStorage, which only a script reads: the
 * head script puts it in each form as it is sent, and a browser that runs no script at all is
 * told the account needs JavaScript, with what was typed kept.
 */

const NEEDS_JAVASCRIPT = /Your account needs JavaScript: your login is kept in this browser/;
const DELETE_CONFIRMATION =
  "Are you sure you want to delete your account? Deleting an account is not recoverable.";

/** Every POST the page sends, to check that no login or personal data rides in an address. */
function posts(page: Page) {
  const sent: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") sent.push(request);
  });
  return sent;
}

function expectNothingInAddresses(page: Page, sent: Request[]) {
  // The home page's notice after a deletion (issue 39) is the only parameter an address may hold.
  const shown = new URL(page.url()).searchParams;
  expect([...shown.keys()].filter((name) => name !== "notice")).toEqual([]);
  for (const request of sent) {
    const url = new URL(request.url());
    // The prerendered page's forms post to its own address, /account/ (its data: /account/_.data).
    expect([
      "/account",
      "/account/",
      "/account-data",
      "/account.data",
      "/account/_.data",
    ]).toContain(url.pathname);
    expect(url.search).toBe("");
  }
}

test.describe("the account page in a browser that runs no JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: /status of 401/ });

  test("each form answers that the account needs JavaScript, keeping what was typed", async ({
    page,
  }) => {
    const sent = posts(page);
    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    await expect(page.getByText(NEEDS_JAVASCRIPT)).toBeVisible();

    // Edit: the typed username comes back; passwords never do.
    await page.getByLabel("New username").fill("typed-name");
    await page.getByLabel("New email").fill("typed@example.com");
    await page.getByLabel("Current password").fill("secret phrase 1");
    await page.getByRole("button", { name: "Update account" }).click();
    const updateFailed = page
      .getByRole("alert")
      .filter({ hasText: "Failed to update account data" });
    await expect(updateFailed).toContainText(NEEDS_JAVASCRIPT);
    await expect(updateFailed).toContainText("What you typed is still in the form");
    await expect(page.getByLabel("New username")).toHaveValue("typed-name");
    await expect(page.getByLabel("New email")).toHaveValue("typed@example.com");
    await expect(page.getByLabel("Current password")).toHaveValue("");
    expect(sent.at(-1)?.postData()).toContain("username=typed-name");
    expect(sent.at(-1)?.postData()).toContain("intent=update");

    for (const [button, failure] of [
      ["Subscribe", "Failed to Subscribe mailing list"],
      ["Unsubscribe", "Failed to Unsubscribe mailing list"],
    ] as const) {
      await page.getByRole("button", { name: button, exact: true }).click();
      await expect(page.getByRole("alert").filter({ hasText: failure })).toContainText(
        NEEDS_JAVASCRIPT,
      );
    }

    // Nothing is asked first: without the login, nothing could be done anyway.
    for (const [button, failure] of [
      ["Log out everywhere", "Failed to log out everywhere"],
      ["Delete account", "Failed to delete account"],
    ] as const) {
      await page.getByRole("button", { name: button }).click();
      await expect(page.getByRole("alert").filter({ hasText: failure })).toContainText(
        NEEDS_JAVASCRIPT,
      );
    }
    await expect(page.getByText(DELETE_CONFIRMATION)).toHaveCount(0);

    expectNothingInAddresses(page, sent);
  });

  test("Download my data answers that it needs JavaScript", async ({ page }) => {
    const sent = posts(page);
    await page.goto("/account");
    await page.getByRole("button", { name: "Download my data" }).click();
    await expect(page.getByText(NEEDS_JAVASCRIPT)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/account-data");
    expectNothingInAddresses(page, sent);
  });
});

/** A logged-in visitor on /account, its framework scripts held back (the head script runs). */
async function openAccountBeforeItsScript(page: Page, request: APIRequestContext) {
  const user = await createUser(request, "early");
  const sent = posts(page);
  await holdToken(page, user.token);
  const release = await holdScripts(page);
  await page.goto("/account", { waitUntil: "commit" });
  return { user, sent, release };
}

test.describe("a press before the page's JavaScript has loaded", () => {
  // Once deleted, the page's first read of the account is refused (401), as it should be.
  test.use({ allowedConsoleErrors: /status of 401/ });

  test("updates the account; the page stores the fresh login once its script runs", async ({
    page,
    request,
  }) => {
    const { user, sent, release } = await openAccountBeforeItsScript(page, request);
    const renamed = `${user.username}x`;
    await page.getByLabel("New username").fill(renamed);
    await page.getByRole("button", { name: "Update account" }).click();
    // Answered by the server, in the page: the login went in the form, from storage.
    await expect(
      page.getByRole("status").filter({ hasText: "Account details updated" }),
    ).toBeVisible();
    expect(new URLSearchParams(sent[0]?.postData() ?? "").get("authToken")).toBe(user.token);
    release();
    await waitForHydration(page);
    await expect(page.getByText(`Welcome, ${renamed}`)).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: renamed })).toBeVisible();
    await expect(
      page.getByRole("status").filter({ hasText: "Account details updated" }),
    ).toBeVisible();
    expect(await storedToken(page)).not.toBe(user.token);
    expectNothingInAddresses(page, sent);
    await expectNoAxeViolations(page);
  });

  test("deletes the account only once confirmed on the page, then forgets the login", async ({
    page,
    request,
  }) => {
    const { user, sent, release } = await openAccountBeforeItsScript(page, request);
    await page.getByRole("button", { name: "Delete account" }).click();
    await expect(page.getByText(DELETE_CONFIRMATION)).toBeVisible();
    expect(await sessionStatus(request, user.token)).toBe(200);
    await page.getByRole("button", { name: "Yes, delete my account" }).click();
    await expect(page.getByText("Your account has been deleted.")).toBeVisible();
    expect(await sessionStatus(request, user.token)).toBe(401);
    release();
    await expect(page).toHaveURL("/?notice=account-deleted");
    await expect(
      page.getByRole("status").filter({ hasText: "Your account has been deleted." }),
    ).toBeVisible();
    expect(await storedToken(page)).toBeNull();
    expectNothingInAddresses(page, sent);
  });
});

test("with JavaScript, the forms send the login in the body, never in the address", async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  const sent = posts(page);
  await holdToken(page, user.token);
  await page.goto("/account");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Successfully unsubscribed!" }),
  ).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(sent[0]?.postData()).toContain(user.token);
  expectNothingInAddresses(page, sent);
});
