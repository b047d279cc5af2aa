import { expect, test, waitForHydration } from "./fixtures.ts";

const CLEANER = "Ultrasonic Instrument Cleaner 2 L";
const READER = "Dual-Frequency RFID/NFC Reader-Writer";

test("shop cards show the server's stock; out of stock disables Add to Cart", async ({ page }) => {
  await page.route("**/api/stock", (route) =>
    route.fulfill({ json: { stock: { "25": 0, "14": 2, "13": 60 } } }),
  );
  await page.goto("/cyberware");
  await waitForHydration(page);
  const card = (name: string) => page.getByRole("article").filter({ hasText: name });
  await expect(card(CLEANER).getByText("Out of stock")).toBeVisible();
  await expect(card(CLEANER).getByRole("button", { name: /^Add to Cart/ })).toBeDisabled();
  await expect(card(READER).getByText("Only 2 left")).toBeVisible();
  await expect(card(READER).getByRole("button", { name: /^Add to Cart/ })).toBeEnabled();
  await expect(card("Magnetic Field Viewer Card").getByText("In stock")).toBeVisible();
});

test("the real counts arrive without moving anything on the page", async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { shift: number }).shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        (window as unknown as { shift: number }).shift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  const stock = page.waitForResponse("**/api/stock");
  await page.goto("/books");
  await stock;
  await expect(page.getByText(/^(In stock|Only \d left|Out of stock)$/).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
});

test("the cart warns about a line the shop no longer has enough of", async ({ page }) => {
  await page.route("**/api/stock", (route) => route.fulfill({ json: { stock: { "25": 0 } } }));
  await page.goto("/");
  await page.evaluate(() =>
    localStorage.setItem(
      "cart",
      JSON.stringify([{ id: 25, type: "Ultrasonic Cleaner", quantity: 1 }]),
    ),
  );
  await page.goto("/cart");
  await waitForHydration(page);
  await expect(page.getByText("Out of stock: remove it to check out")).toBeVisible();
});
