import type { Locator, Page } from "@playwright/test";
import { ADDRESS_AS_TYPED } from "#tests/fixtures/addresses.ts";
import { expect, waitForHydration } from "./fixtures.ts";

// A buyer's way from a product to a placed order, as the browser tests walk it.

/** The address typed into a form (the cart's or checkout's), Country and State from their lists. */
export async function typeAddress(form: Page | Locator) {
  for (const [label, value] of Object.entries(ADDRESS_AS_TYPED)) {
    const field = form.getByLabel(label, { exact: true });
    const listed = label === "Country" || label === "State or territory";
    await (listed ? field.selectOption(value) : field.fill(value));
  }
}

/** Adds the product on its page (a shop or its own), types the address on /cart, and opens /checkout. */
export async function fillCartAndCheckOut(page: Page, product: { shop: string; label: string }) {
  await page.goto(product.shop);
  await waitForHydration(page);
  await page.getByRole("button", { name: product.label, exact: true }).click();
  await expect(page.getByText("Added to Cart!")).toBeVisible();
  await page.goto("/cart");
  await waitForHydration(page);
  await typeAddress(page.getByRole("form", { name: "Shipping Info" }));
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL("/checkout");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Your order" })).toBeVisible();
}

export async function placeOrder(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders\/KB-\d+\?token=[\w-]+$/);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(/^Order KB-\d+$/);
  return ((await heading.textContent()) ?? "").replace("Order ", "");
}
