import { expect, expectNoAxeViolationsInBothThemes } from "../browser/fixtures.ts";
import { countMails, waitForMail } from "../browser/outbox.ts";
import { setStockAsStaff, test } from "../browser/staff.ts";

// content/products.csv: the hoodie comes in S–XXL (XXL sold out, stock 0); the Steersman tee in
// Charcoal S–XXL and Sand S–L. No other browser test changes their stock.
const HOODIE = "Circuit Trace Hoodie";

test("a size is chosen on the product's page and goes in the cart as that size (issue 37)", async ({
  page,
}) => {
  await page.goto("/merchandise");
  const card = page.getByRole("article").filter({ hasText: HOODIE });
  await expect(card.getByText("From $79.95 AUD")).toBeVisible();
  await expect(card.getByRole("button", { name: /^Add to Cart/ })).toHaveCount(0);
  await card.getByRole("link", { name: `Choose a size of ${HOODIE}` }).click();
  await expect(page).toHaveURL("/products/circuit-trace-hoodie-s");

  const sizes = page.getByRole("navigation", { name: "Sizes" });
  await sizes.getByRole("link", { name: "L", exact: true }).click();
  await expect(page).toHaveURL("/products/circuit-trace-hoodie-l");
  await expect(sizes.getByRole("heading", { name: "Size: L" })).toBeVisible();
  await expect(sizes.getByRole("link", { name: "L", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(
    page.getByRole("region", { name: "Details" }).getByText("KYB-MR-003-L", { exact: true }),
  ).toBeVisible();

  await page.getByRole("button", { name: new RegExp(`^Add to Cart: ${HOODIE}`) }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added to Cart!" })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]"));
  expect(stored).toEqual([expect.objectContaining({ id: 46, type: "Hoodie", size: "L" })]);

  await page.goto("/cart");
  const line = page.getByRole("row", { name: new RegExp(`^${HOODIE}`) });
  await expect(line).toContainText("Hoodie — Size L");
  await expect(line.locator("img")).toHaveAttribute("src", /circuit-trace-hoodie/);
});

test.describe("with no script at all", () => {
  test.use({ javaScriptEnabled: false });

  test("colours and sizes are links: a sold-out size opens and says so, a size not made in a colour says why", async ({
    page,
  }) => {
    await page.goto("/products/steersman-logo-t-shirt-sand-m");
    await expect(page.getByText("Sand, Size M", { exact: true })).toBeVisible();
    const sizes = page.getByRole("navigation", { name: "Sizes" });
    await expect(sizes.getByText("XL and XXL are not made in Sand.")).toBeVisible();
    await page
      .getByRole("navigation", { name: "Colours" })
      .getByRole("link", { name: "Charcoal" })
      .click();
    await expect(page).toHaveURL("/products/steersman-logo-t-shirt-charcoal-m");
    await expect(sizes.getByText(/not made in/)).toHaveCount(0);

    await page.goto("/products/circuit-trace-hoodie");
    await expect(page).toHaveURL("/products/circuit-trace-hoodie-s");
    await sizes.getByRole("link", { name: "XXL (sold out)" }).click();
    await expect(page).toHaveURL("/products/circuit-trace-hoodie-xxl");
    await expect(page.getByRole("main").getByText("Out of stock")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Add to Cart/ })).toBeDisabled();
  });
});

test("a product's choices pass axe in both themes", async ({ page }) => {
  await page.goto("/products/steersman-logo-t-shirt-sand-m");
  await expectNoAxeViolationsInBothThemes(page);
  await page.goto("/products/circuit-trace-hoodie-m");
  await expectNoAxeViolationsInBothThemes(page);
});

test.describe("E-mail me when it's back, with no script at all", () => {
  // A refused address is answered 400, which the browser logs.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: /status of 400/ });

  test("a sold-out size takes an address, cancels in one press, and e-mails once when staff restock it", async ({
    page,
    request,
    staff,
  }) => {
    // The Charcoal XXL tee (id 37): no other browser test counts it.
    await setStockAsStaff(request, staff, { 37: 0 });
    await page.goto("/products/steersman-logo-t-shirt-charcoal-xxl");
    const form = page.getByRole("form", { name: "E-mail me when it's back" });
    await form.getByLabel("Your e-mail").fill("not an address");
    await form.getByRole("button", { name: "E-mail me when it's back" }).click();
    await expect(page.getByText("Invalid email format")).toBeVisible();

    const email = `tee-${Date.now()}@example.com`;
    await page.getByLabel("Your e-mail").fill(email);
    await page.getByRole("button", { name: "E-mail me when it's back" }).click();
    await expect(page.getByText(`we will e-mail ${email} once`)).toBeVisible();
    await page.getByRole("button", { name: "Cancel: don't e-mail me" }).click();
    await expect(page.getByText("Cancelled: we will not e-mail you about it.")).toBeVisible();

    await page.getByLabel("Your e-mail").fill(email);
    await page.getByRole("button", { name: "E-mail me when it's back" }).click();
    await expect(page.getByText(`we will e-mail ${email} once`)).toBeVisible();
    await setStockAsStaff(request, staff, { 37: 3 });
    const mail = await waitForMail({ kind: "back_in_stock", to: email });
    expect(mail.text).toContain("Steersman Logo T-Shirt — Charcoal, Size XXL is back in stock");
    expect(mail.text).toContain("/products/steersman-logo-t-shirt-charcoal-xxl");
    expect(countMails({ kind: "back_in_stock", to: email })).toBe(1);
  });
});
