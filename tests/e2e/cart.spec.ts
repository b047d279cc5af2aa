import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolationsInBothThemes,
  test,
  waitForHydration,
} from "../browser/fixtures.ts";

interface StoredLine {
  id: number;
  type: string;
  quantity?: number;
}

async function openCartWith(page: Page, lines: StoredLine[], path = "/cart") {
  await page.goto("/");
  await page.evaluate((cart) => localStorage.setItem("cart", JSON.stringify(cart)), lines);
  await page.goto(path);
  await waitForHydration(page);
}

/** The value printed beside a label in the totals list. */
function summaryValue(page: Page, label: string) {
  return page.locator(`xpath=//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
}

const twoBooks = [
  { id: 1, type: "Hardback", quantity: 2 }, // 89.95 × 2
  { id: 30, type: "Sticker Pack" }, // 9.95, quantity missing: counts as 1
];

test("the cart lists each line with name, unit price and Qty, and totals the value", async ({
  page,
}) => {
  await openCartWith(page, twoBooks);
  await expect(page.getByRole("heading", { level: 1, name: "Cart" })).toBeVisible();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText("Neural Interfaces: From Electrode to Algorithm");
  await expect(rows.nth(1)).toContainText("$89.95 AUD");
  await expect(rows.nth(1).getByRole("spinbutton", { name: /^Quantity of/ })).toHaveValue("2");
  await expect(rows.nth(2)).toContainText("Cyborg Culture Sticker Pack");
  await expect(rows.nth(2).getByRole("spinbutton", { name: /^Quantity of/ })).toHaveValue("1");

  await expect(summaryValue(page, "Items")).toHaveText("$189.85 AUD");
  await expect(summaryValue(page, "Shipping")).toHaveText("$0.00 AUD");
  await expect(summaryValue(page, "Total Value")).toHaveText("$189.85 AUD incl. GST");
  // Each line's GST to the cent ($16.35 + $0.90), as the tax invoice lists them.
  await expect(summaryValue(page, "GST included in total")).toHaveText("$17.25 AUD");
});

test("shipping follows the postcode and country as they are typed (0, 10 for usa, 20)", async ({
  page,
}) => {
  await openCartWith(page, twoBooks);
  const shipping = summaryValue(page, "Shipping");
  const total = summaryValue(page, "Total Value");
  const form = page.getByRole("form", { name: "Shipping Info" });
  for (const label of ["First Name", "Surname", "Street", "City", "Postcode", "Country"]) {
    await expect(form.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(form.getByLabel("Postcode")).toHaveAttribute("autocomplete", "postal-code");

  // A list, Australia first (issue 37), each country by its name.
  const country = form.getByLabel("Country");
  await expect(country.getByRole("option").nth(1)).toHaveText("Australia");
  // The State field is for an Australian address only, and follows the list without a script.
  const state = form.getByLabel("State or territory");
  await expect(state).toBeHidden();
  await country.selectOption("Australia");
  await expect(state).toBeVisible();
  await expect(shipping).toHaveText("$0.00 AUD");
  await form.getByLabel("Postcode").fill("2015");
  await expect(shipping).toHaveText("$20.00 AUD");
  await expect(total).toHaveText("$209.85 AUD incl. GST");

  await country.selectOption("United States");
  await expect(shipping).toHaveText("$10.00 AUD");
  // A parcel abroad is a GST-free export (issue 38): its goods' GST comes off, none is left.
  await expect(summaryValue(page, "GST removed: delivery outside Australia")).toHaveText(
    "−$17.25 AUD",
  );
  await expect(total).toHaveText("$182.60 AUD");
  await expect(summaryValue(page, "GST included in total")).toHaveText(
    "$0.00 AUD (GST-free export)",
  );
  await expect(state).toBeHidden();
  await country.selectOption("New Zealand");
  await expect(shipping).toHaveText("$20.00 AUD");
  // Chosen with the keyboard, as the list is read out.
  await country.focus();
  await page.keyboard.press("Home");
  await expect(shipping).toHaveText("$0.00 AUD");

  await form.getByLabel("Postcode").fill("");
  await expect(shipping).toHaveText("$0.00 AUD");
  await expect(total).toHaveText("$189.85 AUD incl. GST");
});

test("orders over the free-shipping threshold of the refund policy ship free", async ({ page }) => {
  // 4 × 89.95 = 359.80, over the AUD 300 of core/site-config.ts.
  await openCartWith(page, [{ id: 1, type: "Hardback", quantity: 4 }]);
  const form = page.getByRole("form", { name: "Shipping Info" });
  await form.getByLabel("Postcode").fill("2015");
  await form.getByLabel("Country").selectOption("Australia");
  await expect(summaryValue(page, "Shipping")).toHaveText("Free (orders over $300.00 AUD)");
  await expect(summaryValue(page, "Total Value")).toHaveText("$359.80 AUD incl. GST");
});

test("a line whose product is not in the catalogue shows 'Unknown Product' in red", async ({
  page,
}) => {
  await openCartWith(page, [{ id: 9999, type: "Gone", quantity: 3 }, ...twoBooks]);
  const unknown = page.getByText("Unknown Product", { exact: true });
  await expect(unknown).toBeVisible();
  const red = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue("--color-danger").trim(),
  );
  expect(red).toBe("#b3261e");
  await expect(unknown).toHaveCSS("color", "rgb(179, 38, 30)");
  // Nothing is known about its price, so it adds nothing to the total.
  await expect(summaryValue(page, "Items")).toHaveText("$189.85 AUD");
});

test("Remove takes the whole line and keeps what was typed in the shipping form", async ({
  page,
}) => {
  await openCartWith(page, twoBooks);
  const form = page.getByRole("form", { name: "Shipping Info" });
  await form.getByLabel("First Name").fill("Ada");
  await form.getByLabel("Postcode").fill("10001");
  await form.getByLabel("Country").selectOption("United States");

  await page.getByRole("button", { name: /^Remove Neural Interfaces/ }).click();
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("table")).not.toContainText("Neural Interfaces");
  await expect(page.getByRole("link", { name: /^Cart, / })).toHaveAccessibleName("Cart, 1 item");
  // Shipping to the USA ($10.00), the sticker pack less its GST ($0.90): a GST-free export.
  await expect(summaryValue(page, "Total Value")).toHaveText("$19.05 AUD");
  await expect(form.getByLabel("First Name")).toHaveValue("Ada");
  await expect(page.getByRole("heading", { name: "Your Cart" })).toBeFocused();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]"));
  expect(stored).toEqual([{ id: 30, type: "Sticker Pack" }]);

  // The form survives a reload of the tab too.
  await page.reload();
  await waitForHydration(page);
  await expect(form.getByLabel("Country")).toHaveValue("US");

  await page.getByRole("button", { name: /^Remove Cyborg Culture Sticker Pack/ }).click();
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await expect(
    page.getByRole("main").getByRole("link", { name: "books", exact: true }),
  ).toHaveAttribute("href", "/books");
  await expect(page.getByRole("link", { name: "Checkout" })).toHaveCount(0);
});

test("a change in another tab shows at once", async ({ page }) => {
  await openCartWith(page, []);
  await expect(page.getByText("Your cart is empty.")).toBeVisible();

  const other = await page.context().newPage();
  await other.goto("/merchandise?type=Mug");
  await waitForHydration(other);
  await other.getByRole("button", { name: /^Add to Cart: Pronunciation Mug/ }).click();
  await other.getByRole("button", { name: /^Add to Cart: Pronunciation Mug/ }).click();

  await expect(page.getByRole("table")).toContainText("Pronunciation Mug");
  await expect(
    page.getByRole("table").getByRole("spinbutton", { name: "Quantity of Pronunciation Mug" }),
  ).toHaveValue("2");
  await expect(page.getByRole("link", { name: /^Cart, / })).toHaveAccessibleName("Cart, 2 items");

  await page.getByRole("button", { name: /^Remove Pronunciation Mug/ }).click();
  await expect(other.getByRole("link", { name: /^Cart, / })).toHaveAccessibleName("Cart, 0 items");
  await other.close();
});

test("corrupt or foreign cart data shows an empty cart instead of breaking the page", async ({
  page,
}) => {
  await page.goto("/");
  for (const raw of ["{not json", '{"id":1}', '[{"name":"no id"}, 42, null]']) {
    await page.evaluate((value) => localStorage.setItem("cart", value), raw);
    await page.goto("/cart");
    await waitForHydration(page);
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
  }
});

test("the Checkout link leads to the checkout page, which lists the lines and the total", async ({
  page,
}) => {
  await openCartWith(page, twoBooks);
  const form = page.getByRole("form", { name: "Shipping Info" });
  await form.getByLabel("Postcode").fill("2015");
  await form.getByLabel("Country").selectOption("Australia");
  await page.getByRole("link", { name: "Checkout" }).click();

  await expect(page).toHaveURL("/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expect(
    page.getByText("Please confirm the products you want to purchase before purchasing."),
  ).toBeVisible();
  // Priced again by the server (docs/decisions/014), then the order form.
  const table = page.getByRole("table", { name: "Your order" });
  await expect(table.getByRole("row", { name: /Neural Interfaces/ })).toHaveCount(1);
  await expect(table.getByRole("row", { name: /Sticker Pack/ })).toContainText("$9.95 AUD");
  await expect(table.getByRole("row", { name: /Hardback/ })).toContainText("$179.90 AUD");
  await expect(table.getByRole("row", { name: /^Shipping/ })).toContainText("$20.00 AUD");
  await expect(table.getByRole("row", { name: /^Total/ })).toContainText("$209.85 AUD");
  await expect(table).toContainText("includes GST of $19.07 AUD");
  await expect(page.getByRole("button", { name: "Place order" })).toBeVisible();
});

test("an empty checkout says so and links to the shop", async ({ page }) => {
  await openCartWith(page, [], "/checkout");
  await expect(page.getByText(/Your cart is empty/)).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "merchandise" })).toBeVisible();
});

test.describe("with a product the shop no longer sells", () => {
  // The server refuses to price it (400), which the browser logs.
  test.use({ allowedConsoleErrors: /status of 400/ });

  test("checkout names it instead of taking the order", async ({ page }) => {
    await openCartWith(page, [{ id: 9999, type: "Gone" }, ...twoBooks], "/checkout");
    await expect(page.getByRole("alert")).toContainText(
      "Product 9999 is not in our catalogue any more. Please remove it from your cart.",
    );
    await expect(page.getByRole("button", { name: "Place order" })).toHaveCount(0);
  });

  test("cart and checkout with items have no axe violations in light or dark mode", async ({
    page,
  }) => {
    // Four axe passes (two pages, two themes): more than one test's usual time.
    test.slow();
    await openCartWith(page, [{ id: 9999, type: "Gone" }, ...twoBooks]);
    await page
      .getByRole("form", { name: "Shipping Info" })
      .getByLabel("Country")
      .selectOption("United States");
    await expectNoAxeViolationsInBothThemes(page);
    await page.getByRole("link", { name: "Checkout" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page);
  });
});

test("on a phone, + and − change a line's quantity, the total and the header's count, up to what one order may take", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openCartWith(page, [{ id: 1, type: "Hardback", quantity: 3 }]);
  const name = "Neural Interfaces: From Electrode to Algorithm";
  const more = page.getByRole("button", { name: `One more ${name}` });
  const cartLink = page.getByRole("banner").getByRole("link", { name: /^Cart/ });
  await expect(cartLink).toContainText("3");
  // The line, its quantity and the way to checkout come first, the address after them.
  await expect(more).toBeInViewport();
  await expect(page.getByRole("link", { name: "Checkout" })).toBeInViewport();
  await expect(page.getByRole("form", { name: "Shipping Info" })).not.toBeInViewport();
  await more.click();
  await expect(page.getByRole("spinbutton", { name: `Quantity of ${name}` })).toHaveValue("4");
  await expect(summaryValue(page, "Items")).toHaveText("$359.80 AUD");
  await expect(cartLink).toContainText("4");
  await expect(page.getByRole("status").filter({ hasText: `${name}: quantity 4` })).toBeAttached();
  await more.click();
  // MAX_UNITS_PER_PRODUCT is 5: the reason is said before checkout refuses it.
  await expect(more).toHaveAttribute("aria-disabled", "true");
  await expect(more).toBeFocused();
  await expect(more).toHaveAccessibleDescription("At most 5 per order");
  await page.getByRole("button", { name: `One fewer ${name}` }).click();
  await expect(page.getByRole("spinbutton", { name: `Quantity of ${name}` })).toHaveValue("4");
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]")[0].quantity),
  ).toBe(4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("on a small phone the cart and checkout fit the screen: long names, large amounts, no sideways scroll", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  // The catalogue's longest names, twelve of each, and a line over $1,000.
  const lines = [
    { id: 12, type: "Hardback", quantity: 12 },
    { id: 3, type: "Paperback", quantity: 12 },
    { id: 25, type: "Ultrasonic Cleaner", quantity: 12 },
  ];
  for (const path of ["/cart", "/checkout"]) {
    await openCartWith(page, lines, path);
    await expect(
      page.getByRole("main").getByRole("row", { name: /Ultrasonic Instrument Cleaner/ }),
    ).toContainText("$149.00");
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      path,
    ).toBeLessThanOrEqual(360);
  }
  // Sent abroad: the long "GST removed: delivery outside Australia" line wraps as well.
  await page.evaluate(() =>
    sessionStorage.setItem("shipping", JSON.stringify({ postcode: "02108", country: "US" })),
  );
  for (const path of ["/cart", "/checkout"]) {
    await page.goto(path);
    await expect(page.getByText("GST removed: delivery outside Australia")).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${path} abroad`,
    ).toBeLessThanOrEqual(360);
  }
});

test("the shipping form's boxes line up side by side, the Country list as tall as a text box", async ({
  page,
}) => {
  await openCartWith(page, twoBooks);
  const postcode = await page.getByLabel("Postcode").boundingBox();
  const country = await page.getByLabel("Country", { exact: true }).boundingBox();
  expect(country?.x).toBeGreaterThan(postcode?.x ?? Infinity);
  expect(postcode?.y).toBe(country?.y);
  expect(postcode?.height).toBe(country?.height);
});

test.describe("before the framework's scripts run", () => {
  test.use({
    allowedConsoleErrors: /ERR_FAILED|Failed to fetch dynamically imported module|Failed to load/,
  });

  test("an empty cart says so at the first paint", async ({ page }) => {
    // React Router's scripts never arrive: only the inline page script runs.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/cart");
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "merchandise" })).toBeVisible();
    await expect(page.getByText("Loading your cart…")).toBeHidden();
    await expect(page.getByRole("form", { name: "Shipping Info" })).toBeHidden();

    await page.evaluate(() =>
      localStorage.setItem("cart", JSON.stringify([{ id: 1, type: "Hardback", quantity: 1 }])),
    );
    await page.reload();
    await expect(page.getByText("Loading your cart…")).toBeVisible();
    await expect(page.getByText("Your cart is empty.")).toBeHidden();
    await expect(page.getByRole("form", { name: "Shipping Info" })).toBeVisible();
  });
});
