import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, waitForHydration } from "../browser/fixtures.ts";
import { setStockAsStaff, test } from "../browser/staff.ts";

// content/products.csv: 25 has 3 in stock, 14 has 8, 13 has 60; 2 is an eBook (not counted).
// No other browser test orders 25 or 14; this file and shell.spec.ts set them to 0 and 2.
const CLEANER = "Ultrasonic Instrument Cleaner 2 L";
const READER = "Dual-Frequency RFID/NFC Reader-Writer";
const VIEWER = "Magnetic Field Viewer Card";
const STOCK_LABEL = /^(In stock|Only \d+ left|Out of stock)$/;

const card = (page: Page, name: string) => page.getByRole("article").filter({ hasText: name });

/** Answers GET /api/stock with a fixed map, whatever orders other tests place meanwhile. */
async function answerStock(page: Page, stock: Record<string, number>) {
  await page.route("**/api/stock", (route) => route.fulfill({ json: { stock } }));
}

test.describe("with no script at all", () => {
  test.use({ javaScriptEnabled: false });

  test("the shop's HTML says how few are left; an eBook and plenty are in stock", async ({
    page,
  }) => {
    await page.goto("/cyberware");
    await expect(card(page, CLEANER).getByText(/^(Only [1-3] left|Out of stock)$/)).toBeVisible();
    await expect(card(page, VIEWER).getByText("In stock")).toBeVisible();
    await page.goto("/books");
    const cards = page.getByRole("main").getByRole("article");
    // Other browser tests may add books, so the number of cards is read off the page.
    await expect(page.getByRole("main").getByText(STOCK_LABEL)).toHaveCount(await cards.count());
  });
});

test("a count staff set shows on the shop, its product page and search at once; out of stock disables Add to Cart", async ({
  page,
  request,
  staff,
}) => {
  const asked: string[] = [];
  page.on("request", (sent) => asked.push(new URL(sent.url()).pathname));
  await setStockAsStaff(request, staff, { 25: 0, 14: 2 });

  await page.goto("/cyberware");
  await waitForHydration(page);
  await expect(card(page, CLEANER).getByText("Out of stock")).toBeVisible();
  const cleaner = card(page, CLEANER).getByRole("button", { name: /^Add to Cart/ });
  await expect(cleaner).toBeDisabled();
  await expect(cleaner).toHaveText("Add to Cart");
  await expect(cleaner).toHaveAccessibleDescription("Out of stock");
  await expect(card(page, READER).getByText("Only 2 left")).toBeVisible();
  await card(page, READER)
    .getByRole("button", { name: /^Add to Cart/ })
    .click();
  await expect(card(page, READER).getByRole("status")).toHaveText("Added to Cart!");
  await expect(card(page, VIEWER).getByText("In stock")).toBeVisible();
  await expectNoAxeViolations(page);

  await card(page, CLEANER).getByRole("link", { name: CLEANER }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: CLEANER })).toBeVisible();
  await expect(page.getByRole("main").getByText("Out of stock")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Add to Cart/ })).toBeDisabled();

  await page.goto("/search?q=ultrasonic");
  await expect(card(page, CLEANER).getByText("Out of stock")).toBeVisible();
  await expect(card(page, CLEANER).getByRole("button", { name: /^Add to Cart/ })).toBeDisabled();
  // The counts are in the pages: not one request asks for them.
  expect(asked).not.toContain("/api/stock");
});

test("the cart warns about lines the shop no longer has enough of", async ({ page }) => {
  await answerStock(page, { "25": 0, "14": 2 });
  await page.goto("/");
  await page.evaluate(() =>
    localStorage.setItem(
      "cart",
      JSON.stringify([
        { id: 25, type: "Ultrasonic Cleaner", quantity: 1 },
        { id: 14, type: "RFID Reader", quantity: 3 },
        { id: 13, type: "Magnet Tester", quantity: 1 },
      ]),
    ),
  );
  await page.goto("/cart");
  await waitForHydration(page);
  await expect(page.getByText("Out of stock: remove it to check out")).toBeVisible();
  await expect(
    page.getByText("Only 2 left: at most 1 per order. Lower the quantity to 1 to check out."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: `Remove ${CLEANER}` })).toHaveAccessibleDescription(
    "Out of stock: remove it to check out",
  );
  await expect(page.getByRole("row", { name: new RegExp(`^${VIEWER}`) })).not.toContainText(
    /left|stock/,
  );
  await expectNoAxeViolations(page);
});
