import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  layoutShift,
  test,
  waitForHydration,
  watchLayoutShifts,
} from "../browser/fixtures.ts";

// content/products.csv: 25 has 3 in stock, 14 has 8, 13 has 60; 2 is an eBook (not counted).
const CLEANER = "Ultrasonic Instrument Cleaner 2 L";
const READER = "Dual-Frequency RFID/NFC Reader-Writer";
const VIEWER = "Magnetic Field Viewer Card";
const STOCK_LABEL = /^(In stock|Only \d+ left|Out of stock)$/;

const card = (page: Page, name: string) => page.getByRole("article").filter({ hasText: name });

/** Answers GET /api/stock with a fixed map, whatever orders other tests place meanwhile. */
async function answerStock(page: Page, stock: Record<string, number>) {
  await page.route("**/api/stock", (route) => route.fulfill({ json: { stock } }));
}

test("the real counts: the cleaner shows how few are left, an eBook is not counted", async ({
  page,
  request,
}) => {
  // Other tests may order in parallel, so only the shape and the bounds are fixed.
  const { stock } = (await (await request.get("/api/stock")).json()) as {
    stock: Record<string, number>;
  };
  expect(stock["25"]).toBeLessThanOrEqual(3);
  expect(stock).not.toHaveProperty("2");

  await page.goto("/cyberware");
  await expect(card(page, CLEANER).getByText(/^(Only [1-3] left|Out of stock)$/)).toBeVisible();
  await expect(card(page, VIEWER).getByText(STOCK_LABEL)).toBeVisible();
});

test("shop cards show the server's stock; out of stock disables Add to Cart", async ({ page }) => {
  await answerStock(page, { "25": 0, "14": 2, "13": 60 });
  await page.goto("/cyberware");
  await waitForHydration(page);
  await expect(card(page, CLEANER).getByText("Out of stock")).toBeVisible();
  const cleaner = card(page, CLEANER).getByRole("button", { name: /^Add to Cart/ });
  await expect(cleaner).toBeDisabled();
  await expect(cleaner).toHaveText("Add to Cart");
  await expect(cleaner).toHaveAccessibleDescription("Out of stock");
  await expect(card(page, READER).getByText("Only 2 left")).toBeVisible();
  await expect(card(page, READER).getByRole("button", { name: /^Add to Cart/ })).toBeEnabled();
  await expect(card(page, VIEWER).getByText("In stock")).toBeVisible();
  // A product the map leaves out is not counted: always available.
  await expect(card(page, "NTAG216 Glass Implant Kit").getByText("In stock")).toBeVisible();
});

test.describe("when the stock request fails", () => {
  test.use({ allowedConsoleErrors: /status of 500/ });

  test("the page says nothing about stock and Add to Cart still adds", async ({ page }) => {
    await page.route("**/api/stock", (route) =>
      route.fulfill({ status: 500, json: { error: { code: "internal", message: "Boom" } } }),
    );
    const failed = page.waitForResponse("**/api/stock");
    await page.goto("/cyberware");
    await waitForHydration(page);
    await failed;
    const cleaner = card(page, CLEANER);
    await cleaner.getByRole("button", { name: /^Add to Cart/ }).click();
    await expect(cleaner.getByRole("status")).toHaveText("Added to Cart!");
    await expect(page.getByRole("main").getByText(STOCK_LABEL)).toHaveCount(0);
  });
});

test("the counts arrive without moving anything on the page", async ({ page }) => {
  await watchLayoutShifts(page);
  // The real answer, held until the prerendered page has painted and hydrated.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/stock", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/books");
  await waitForHydration(page);
  const cards = page.getByRole("main").getByRole("article");
  const heights = () =>
    cards.evaluateAll((all) => all.map((each) => each.getBoundingClientRect().height));
  const before = await heights();
  await expect(page.getByRole("main").getByText(STOCK_LABEL)).toHaveCount(0);

  release();
  // A line on every card; other browser tests may have added books, so the number of cards is
  // read off the page rather than fixed (the catalogue's own are 12).
  const shown = await cards.count();
  expect(shown).toBeGreaterThanOrEqual(12);
  await expect(page.getByRole("main").getByText(STOCK_LABEL)).toHaveCount(shown);
  expect(await layoutShift(page)).toBe(0);
  expect(await heights()).toEqual(before);
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
