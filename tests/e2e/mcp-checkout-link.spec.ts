import type { APIRequestContext, Page } from "@playwright/test";
import { typeAddress } from "../browser/checkout.ts";
import { expect, expectNoAxeViolations, test, waitForHydration } from "../browser/fixtures.ts";

// content/products.csv: the sticker pack (plenty in stock) and the eBook (never runs out).
const STICKERS = { id: 30, quantity: 2 };
const EBOOK = { id: 2, quantity: 1 };

/** What an assistant does: asks the MCP server for a checkout link to hand to the person. */
async function checkoutLink(request: APIRequestContext, lines: unknown[]): Promise<string> {
  const response = await request.post("/api/mcp", {
    headers: { accept: "application/json, text/event-stream" },
    data: {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "create_checkout_link", arguments: { lines } },
    },
  });
  expect(response.status()).toBe(200);
  const answer = (await response.json()) as {
    result: { isError?: boolean; structuredContent: { path: string; url: string } };
  };
  expect(answer.result.isError).toBeFalsy();
  return answer.result.structuredContent.path;
}

async function expectLinkedLines(page: Page) {
  const table = page.getByRole("table", { name: "Your order" });
  await expect(table.getByRole("row", { name: /Cyborg Culture Sticker Pack.*2/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /Neural Interfaces.*eBook.*1/ })).toBeVisible();
}

test.describe("a checkout link from the MCP server (issue 27)", () => {
  test("fills the visitor's cart in place of what it held and opens checkout", async ({
    browser,
    baseURL,
    request,
  }) => {
    const path = await checkoutLink(request, [STICKERS, EBOOK]);
    expect(path).toBe("/checkout?cart=30:2,2:1");
    // A cart from an earlier visit: the link's cart replaces it.
    const context = await browser.newContext({
      storageState: {
        cookies: [],
        origins: [
          {
            origin: baseURL!,
            localStorage: [{ name: "cart", value: JSON.stringify([{ id: 31, quantity: 1 }]) }],
          },
        ],
      },
    });
    try {
      const page = await context.newPage();
      await page.goto(path);
      await expect(page).toHaveURL(/\/checkout$/);
      await waitForHydration(page);
      await expectLinkedLines(page);
      await expectNoAxeViolations(page);
      const cart = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]"));
      expect(cart).toEqual([
        expect.objectContaining({ id: 30, type: "Sticker Pack", quantity: 2 }),
        expect.objectContaining({ id: 2, type: "eBook", quantity: 1 }),
      ]);
      await expect(page.getByRole("link", { name: "Cart, 3 items" }).first()).toBeAttached();
      // Back on /cart and on to checkout again: the cart stays as the visitor leaves it.
      await page.goto("/cart");
      await page.goBack();
      await expect(page).toHaveURL(/\/checkout$/);
    } finally {
      await context.close();
    }
  });

  test.describe("that cannot be used", () => {
    // The page answers such a link 400, which the browser notes in its console.
    test.use({ allowedConsoleErrors: /status of 400/ });

    test("says why and leaves the cart alone", async ({ page }) => {
      await page.goto("/checkout?cart=999999:1");
      await waitForHydration(page);
      await expect(page.getByRole("alert")).toContainText(
        /This checkout link cannot be used: Product 999999 is not in our catalogue/,
      );
      expect(await page.evaluate(() => localStorage.getItem("cart"))).toBeNull();
      await expectNoAxeViolations(page);
    });
  });
});

test.describe("a checkout link without JavaScript (issue 27)", () => {
  // The confirming answer is a 409, which the browser notes in its console.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: /status of 409/ });

  test("shows its cart on checkout and places the order by two presses", async ({
    page,
    request,
  }) => {
    const path = await checkoutLink(request, [STICKERS, EBOOK]);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expectLinkedLines(page);
    await expect(page.getByText(/please turn on JavaScript/)).toBeHidden();
    await page.getByLabel("E-mail").fill("assistant-link@example.com");
    await typeAddress(page);
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByRole("alert")).toContainText(
      "Please check your order and its total above, then press Place order again.",
    );
    // Now with shipping to the address typed.
    await expectLinkedLines(page);
    await expect(page.getByText(/You pay \$\d+\.\d\d AUD by bank transfer/)).toBeVisible();
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByText(/Order KB-\d+ is placed/)).toBeVisible();
    await expect(page.getByRole("link", { name: /Open order KB-\d+/ })).toBeVisible();
  });
});
