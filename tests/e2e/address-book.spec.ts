import type { APIRequestContext, Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolationsInBothThemes,
  holdScripts,
  test,
  waitForHydration,
} from "../browser/fixtures.ts";
import { createUser, holdToken } from "../browser/users.ts";
import { ADDRESS } from "#tests/fixtures/addresses.ts";

/** Issue 39: the address book on /account, at checkout, and what logging out says. */

const HOBART = {
  firstName: "Grace",
  surname: "Hopper",
  street: "2 Compiler Lane",
  city: "Hobart",
  postcode: "7000",
  country: "Australia",
  state: "TAS",
};

async function saveAddress(request: APIRequestContext, token: string, address: object) {
  const response = await request.post("/api/account/addresses", {
    data: { address },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(201);
}

const book = (page: Page) => page.getByRole("region", { name: "Saved addresses" });

test("the address book on a 390 px phone: no sideways scrolling, axe clean in both themes", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await createUser(request, "book");
  await saveAddress(request, user.token, ADDRESS);
  await saveAddress(request, user.token, {
    ...HOBART,
    street: "12 Very Long Street Name Of The Analytical Engine Society",
  });
  await holdToken(page, user.token);
  await page.goto("/account");
  await waitForHydration(page);
  const items = book(page).getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("Ada Lovelace (default)");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await items.nth(1).getByText("Edit this address").click();
  await expect(items.nth(1).getByRole("textbox", { name: "Street" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolationsInBothThemes(page);

  // Made default with JavaScript: the list reads again, the new default first.
  await items
    .nth(1)
    .getByRole("button", { name: /^Make default:/ })
    .click();
  await expect(book(page).getByRole("status")).toHaveText("Default address changed.");
  await expect(items.first()).toContainText("Grace Hopper (default)");
});

test("an address added before the page's JavaScript has loaded is saved by the page's action", async ({
  page,
  request,
}) => {
  const user = await createUser(request, "early-book");
  await holdToken(page, user.token);
  const release = await holdScripts(page);
  await page.goto("/account", { waitUntil: "commit" });
  const form = page.getByRole("region", { name: "Add an address" });
  for (const [label, value] of Object.entries({
    "First Name": HOBART.firstName,
    Surname: HOBART.surname,
    Street: HOBART.street,
    City: HOBART.city,
    Postcode: HOBART.postcode,
    Country: "Australia",
  })) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(book(page).getByRole("status")).toHaveText("Address saved.");
  release();
  await waitForHydration(page);
  await expect(book(page).getByRole("listitem")).toContainText([
    "Grace Hopper (default)2 Compiler Lane, Hobart TAS 7000, Australia",
  ]);
});

test.describe("with JavaScript turned off", () => {
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: /status of 401/ });

  test("Save address says the account needs JavaScript and keeps what was typed", async ({
    page,
  }) => {
    await page.goto("/account");
    const form = page.getByRole("region", { name: "Add an address" });
    await form.getByLabel("Street", { exact: true }).fill(HOBART.street);
    await form.getByRole("button", { name: "Save address" }).click();
    await expect(
      book(page).getByRole("alert").filter({ hasText: "Failed to save the address" }),
    ).toContainText("Your account needs JavaScript");
    await expect(
      page.getByRole("region", { name: "Add an address" }).getByLabel("Street", { exact: true }),
    ).toHaveValue(HOBART.street);
  });
});

test("checkout fills in the default saved address, and the order ships there", async ({
  page,
  request,
}) => {
  const user = await createUser(request, "cart");
  await saveAddress(request, user.token, HOBART);
  await saveAddress(request, user.token, ADDRESS);
  await holdToken(page, user.token);
  await page.goto("/books");
  await waitForHydration(page);
  await page
    .getByRole("button", { name: "Add to Cart: Salt Water Circuit (Paperback)", exact: true })
    .click();
  await expect(page.getByText("Added to Cart!")).toBeVisible();
  await page.goto("/checkout");
  await waitForHydration(page);
  await expect(page.getByLabel("Street", { exact: true })).toHaveValue(HOBART.street);
  await expect(page.getByLabel("Use a saved address")).toContainText("Grace Hopper");
  await expect(page.getByLabel("Save this address to my account")).toBeVisible();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders\/KB-\d+/);
  await expect(page.getByText(HOBART.street)).toBeVisible();
});

test("logging out says so on the home page", async ({ page, request }) => {
  const user = await createUser(request, "farewell");
  await holdToken(page, user.token);
  await page.goto("/account");
  await waitForHydration(page);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Logout" })
    .click();
  await expect(page).toHaveURL("/?notice=logged-out");
  await expect(page.getByRole("status").filter({ hasText: "You have logged out." })).toBeVisible();
  // The same address opened as a document, with no script: the server says it.
  await page.context().route("**/*.js", (route) => route.abort());
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "You have logged out." })).toBeVisible();
  await page.goto("/");
  await expect(page.getByText("You have logged out.")).toHaveCount(0);
});
