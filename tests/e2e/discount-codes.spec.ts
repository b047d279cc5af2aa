import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { typeAddress } from "../browser/checkout.ts";
import {
  expect,
  expectNoAxeViolations,
  expectNoAxeViolationsInBothThemes,
  waitForHydration,
} from "../browser/fixtures.ts";
import { logInAsStaff, test } from "../browser/staff.ts";

// content/products.csv: the sticker pack, $19.90 AUD, plenty in stock.
const STICKERS = { id: 30, type: "Sticker Pack", quantity: 2 };

/** A 10% code made through the back office's API, as a colleague would. */
async function tenPercentCode(
  request: APIRequestContext,
  staff: { username: string; password: string },
) {
  const login = await request.post("/api/login", { data: staff });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const code = `TEN${randomUUID().slice(0, 6).toUpperCase()}`;
  const made = await request.post("/api/admin/discounts", {
    headers,
    data: { code, kind: "percentage", value: 10 },
  });
  expect(made.status()).toBe(201);
  return code;
}

test("staff make a discount code in the back office and see it listed", async ({ page, staff }) => {
  await logInAsStaff(page, staff);
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Discounts" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Discount codes" })).toBeVisible();
  const code = `WINTER${randomUUID().slice(0, 4).toUpperCase()}`;
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByLabel("Kind").selectOption("fixed");
  await page.getByLabel("Value").fill("5");
  await page.getByLabel("Minimum spend (AUD)").fill("50");
  await page.getByLabel("Uses in total").fill("100");
  await page.getByLabel("For", { exact: true }).selectOption("products");
  const picker = page.getByRole("group", { name: "Chosen products" });
  await picker.getByText(/^Merchandise: \d+ products$/).click();
  await picker.getByRole("checkbox", { name: /^Cyborg Culture Sticker Pack/ }).check();
  await expect(picker.getByText(/^Merchandise: \d+ products, 1 chosen$/)).toBeVisible();
  await page.getByRole("button", { name: "Make the code" }).click();
  await expect(page.getByText(`Code ${code} is made.`)).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(code) });
  await expect(row).toContainText("$5.00 AUD off on $50.00 AUD or more");
  await expect(row).toContainText("Cyborg Culture Sticker Pack");
  await expect(row).toContainText("Active");
  await expect(row).toContainText("0 of 100");
  await picker.getByText(/^Book: \d+ products$/).click();
  await expectNoAxeViolationsInBothThemes(page);
  await row.getByRole("link", { name: code }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Discount code ${code}` }),
  ).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /^Cyborg Culture Sticker Pack/ })).toBeChecked();
  await page.getByRole("button", { name: "Pause the code" }).click();
  await expect(page.getByText(/^Paused; used 0 times of 100\.$/)).toBeVisible();
});

test.describe("a discount code with JavaScript", () => {
  test.use({ allowedConsoleErrors: /status of 400/ });

  test("applied in the cart, carried to checkout and kept by the placed order", async ({
    page,
    request,
    staff,
  }) => {
    const code = await tenPercentCode(request, staff);
    await page.goto("/");
    await page.evaluate((cart) => localStorage.setItem("cart", cart), JSON.stringify([STICKERS]));
    await page.goto("/cart");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Discount code" });
    await form.getByLabel("Discount code").fill("NOT-A-CODE");
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(form.getByLabel("Discount code")).toHaveAccessibleDescription(
      "We don't know this code",
    );
    await form.getByLabel("Discount code").fill(code.toLowerCase());
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(form.getByText(`Code ${code} applied: you save $1.99 AUD.`)).toBeVisible();
    await expect(page.getByText(`Discount (code ${code})`)).toBeVisible();
    await expect(page.getByText("−$1.99 AUD")).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page);

    await page.getByRole("link", { name: "Checkout" }).click();
    await expect(page).toHaveURL(`/checkout?code=${code}`);
    await waitForHydration(page);
    const table = page.getByRole("table", { name: "Your order" });
    await expect(
      table.getByRole("row", { name: `Discount (code ${code}) −$1.99 AUD` }),
    ).toBeVisible();
    await expect(page.getByLabel("Discount code")).toHaveValue(code);
    // Apply at checkout asks the server too, before the details are complete.
    await page.getByLabel("Discount code").fill("NOT-A-CODE");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByLabel("Discount code")).toHaveAccessibleDescription(
      "We don't know this code",
    );
    await expect(page.getByLabel("Discount code")).toBeFocused();
    await expectNoAxeViolations(page);
    await page.getByLabel("Discount code").fill(code);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText(`Code ${code} applied: you save $1.99 AUD.`)).toBeVisible();
    await page.getByLabel("E-mail").fill(`discount-${randomUUID().slice(0, 6)}@example.com`);
    // Applied before the address: the total shown takes its shipping, so one press places it.
    await typeAddress(page);
    await expect(table.getByRole("row", { name: /^Total/ })).toContainText("$37.91 AUD");
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/orders\/KB-\d+\?token=/);
    await expect(
      page.getByRole("table").getByRole("row", { name: `Discount (code ${code}) −$1.99 AUD` }),
    ).toBeVisible();
  });
});

test.describe("a discount code without JavaScript", () => {
  // Axe runs in the page's JavaScript: the same pages are checked in the tests above.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: /status of 40[09]/ });

  test("applied at checkout from a checkout link, then the order placed with it", async ({
    page,
    request,
    staff,
  }) => {
    const code = await tenPercentCode(request, staff);
    await page.goto(`/checkout?cart=${STICKERS.id}:2`);
    await page.getByLabel("Discount code").fill("NOT-A-CODE");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByLabel("Discount code")).toHaveAccessibleDescription(
      "We don't know this code",
    );
    await page.getByLabel("Discount code").fill(code);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText(`Code ${code} applied: you save $1.99 AUD.`)).toBeVisible();
    const table = page.getByRole("table", { name: "Your order" });
    await expect(
      table.getByRole("row", { name: `Discount (code ${code}) −$1.99 AUD` }),
    ).toBeVisible();

    await page.getByLabel("E-mail").fill(`nojs-${randomUUID().slice(0, 6)}@example.com`);
    await typeAddress(page);
    await page.getByRole("button", { name: "Place order" }).click();
    // The code was applied before the address: the server shows the total with shipping first.
    await expect(page.getByRole("alert")).toContainText("press Place order again");
    await expect(table).toContainText("$37.91 AUD");
    await page.getByRole("button", { name: "Place order" }).click();
    await page.getByRole("link", { name: /^Open order KB-\d+$/ }).click();
    await page.getByRole("link", { name: "Tax invoice" }).click();
    await expect(
      page.getByRole("table", { name: "Items" }).getByRole("row", {
        name: `Discount (code ${code}) −$1.99 AUD`,
      }),
    ).toBeVisible();
  });

  test("applied in the cart: the server checks it, and its Checkout link carries it", async ({
    page,
    request,
    staff,
  }) => {
    const code = await tenPercentCode(request, staff);
    await page.goto("/cart");
    const form = page.getByRole("form", { name: "Discount code" });
    await form.getByLabel("Discount code").fill("NOT-A-CODE");
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(form.getByLabel("Discount code")).toHaveAccessibleDescription(
      "We don't know this code",
    );
    await expect(page.getByRole("link", { name: "Checkout", exact: true })).toHaveCount(0);
    await form.getByLabel("Discount code").fill(code);
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText(`Code ${code} applied: 10% off.`)).toBeVisible();
    await page.getByRole("link", { name: "Checkout" }).click();
    await expect(page).toHaveURL(`/checkout?code=${code}`);
    await expect(page.getByLabel("Discount code")).toHaveValue(code);
    await expect(page.getByLabel("Discount code")).toHaveAccessibleDescription("");
  });
});
