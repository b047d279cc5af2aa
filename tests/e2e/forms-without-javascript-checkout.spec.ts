import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { ADDRESS } from "#tests/fixtures/addresses.ts";
import { typeAddress } from "../browser/checkout.ts";
import { expect, holdScripts, test, waitForHydration } from "../browser/fixtures.ts";

// Plenty in stock (content/products.csv), so parallel tests never run out.
const STICKERS = { id: 30, type: "Sticker Pack", quantity: 2 };

async function fillDetails(page: Page, email: string) {
  await page.getByLabel("E-mail").fill(email);
  await typeAddress(page);
}

/** A guest's order, placed through the API: its number and the link's token. */
async function placeGuestOrder(request: APIRequestContext) {
  const response = await request.post("/api/orders", {
    data: {
      idempotencyKey: randomBytes(16).toString("hex"),
      email: "nojs@example.com",
      lines: [{ id: STICKERS.id, type: STICKERS.type, quantity: 1 }],
      address: ADDRESS,
    },
  });
  expect(response.status()).toBe(201);
  const placed = (await response.json()) as { order: { number: string }; accessToken: string };
  return { number: placed.order.number, token: placed.accessToken };
}

test.describe("checkout and the order page without JavaScript (issue 24)", () => {
  // A refused form is answered 400, which the browser notes in its console.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: /status of 400/ });

  test("checkout says the cart needs JavaScript, by a POST that keeps what was typed", async ({
    browser,
    baseURL,
  }) => {
    // A cart stored on an earlier visit, with JavaScript on.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: {
        cookies: [],
        origins: [
          { origin: baseURL!, localStorage: [{ name: "cart", value: JSON.stringify([STICKERS]) }] },
        ],
      },
    });
    try {
      const page = await context.newPage();
      await page.goto("/checkout");
      await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
      await expect(page.getByText(/please turn on JavaScript to place your order/)).toBeVisible();
      // Nothing waits for a script that will not run.
      await expect(page.getByText("Loading your cart…")).toBeHidden();
      await fillDetails(page, "nojs@example.com");
      const [post] = await Promise.all([
        page.waitForRequest((request) => request.url().includes("/checkout")),
        page.getByRole("button", { name: "Place order" }).click(),
      ]);
      expect(post.method()).toBe("POST");
      await expect(page.getByRole("alert")).toContainText(
        "Your cart is kept in this browser, and only the page's JavaScript can send it",
      );
      // Nothing typed is lost, and nothing of it is in the address.
      await expect(page.getByLabel("E-mail")).toHaveValue("nojs@example.com");
      await expect(page.getByLabel("Street", { exact: true })).toHaveValue("1 Analytical Way");
      await expect(page.getByLabel("Country", { exact: true })).toHaveValue("AU");
      expect(new URL(page.url()).search).toBe("");
    } finally {
      await context.close();
    }
  });

  test("the cart says it needs JavaScript instead of loading for ever", async ({ page }) => {
    await page.goto("/cart");
    await expect(page.getByRole("heading", { level: 2, name: "Your Cart" })).toBeVisible();
    await expect(page.getByText(/please turn on JavaScript to see your cart/)).toBeVisible();
    await expect(page.getByText("Loading your cart…")).toBeHidden();
  });

  test("the order page opens with its link and cancels by two presses of a form", async ({
    page,
    request,
  }) => {
    const { number, token } = await placeGuestOrder(request);
    const link = `/orders/${number}?token=${token}`;
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${number}`);
    await expect(page.getByRole("region", { name: "How to pay" })).toContainText(
      `Reference: ${number}`,
    );

    await page.getByRole("button", { name: "Cancel order" }).click();
    await expect(
      page.getByRole("group", { name: new RegExp(`Cancel order ${number}\\?`) }),
    ).toBeVisible();
    // Changing one's mind is a press too.
    await page.getByRole("button", { name: "Keep my order" }).click();
    await expect(page.getByText("Status: Awaiting payment")).toBeVisible();
    await page.getByRole("button", { name: "Cancel order" }).click();
    await page.getByRole("button", { name: "Yes, cancel the order" }).click();

    await expect(page.getByText("Status: Cancelled")).toBeVisible();
    await expect(page.getByText(`Order ${number} is cancelled.`)).toBeVisible();
    await expect(page.getByRole("region", { name: "How to pay" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Cancel order" })).toBeHidden();
    // The form posted to the order's own address: the token went nowhere else.
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(link);
  });

  test("an order link without its token says how to open the order", async ({ page, request }) => {
    const { number } = await placeGuestOrder(request);
    await page.goto(`/orders/${number}`);
    await expect(
      page.getByText(/please turn on JavaScript, or open the order from the link/),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "How to pay" })).toHaveCount(0);
  });
});

test.describe("checkout before the page's JavaScript has loaded", () => {
  // The first press is answered 409 (no total was shown yet), which the console notes.
  test.use({ allowedConsoleErrors: /status of 409/ });

  test("a press answers the total to confirm, the next places the order", async ({ page }) => {
    test.slow();
    await page.goto("/");
    await page.evaluate((cart) => localStorage.setItem("cart", cart), JSON.stringify([STICKERS]));
    const release = await holdScripts(page);
    // The load event waits for the held scripts.
    await page.goto("/checkout", { waitUntil: "commit" });
    await fillDetails(page, "early@example.com");
    await page.getByRole("button", { name: "Place order" }).click({ noWaitAfter: true });

    // The page had not shown a total yet: the server's, to confirm, with everything kept.
    await expect(page.getByRole("alert")).toContainText(
      "Please check your order and its total above, then press Place order again.",
    );
    const lines = page.getByRole("table", { name: "Your order" });
    await expect(lines).toContainText("Cyborg Culture Sticker Pack");
    await expect(lines).toContainText("$19.90 AUD");
    await expect(page.getByLabel("E-mail")).toHaveValue("early@example.com");
    await expect(page.getByLabel("City", { exact: true })).toHaveValue("Sydney");

    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByText(/^Order KB-\d+ is placed\. Opening it…$/)).toBeVisible();
    expect(new URL(page.url()).search).toBe("");

    // Once the script runs, the cart is emptied and the order opens.
    release();
    await expect(page).toHaveURL(/\/orders\/KB-\d+\?token=[\w-]+$/);
    await waitForHydration(page);
    await expect(page.getByRole("region", { name: "How to pay" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("cart"))).toBe("[]");
  });
});
