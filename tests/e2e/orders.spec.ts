import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, setTheme, test, waitForHydration } from "./fixtures.ts";

// Products with plenty of stock, so parallel tests never run out.
const STICKERS = "Cyborg Culture Sticker Pack";

const ADDRESS = {
  "First Name": "Ada",
  Surname: "Lovelace",
  Street: "1 Analytical Way",
  City: "Sydney",
  Postcode: "2000",
  Country: "Australia",
};

// A cancelled or unknown order answers 404/409 on purpose in some steps.
test.use({ allowedConsoleErrors: /status of 40[49]/ });

async function createUser(request: APIRequestContext) {
  const username = `buyer${randomBytes(4).toString("hex")}`;
  const account = { username, email: `${username}@example.com`, password: "pass phrase 42" };
  const response = await request.post("/api/signup", { data: account });
  expect(response.status()).toBe(201);
  return { ...account, token: ((await response.json()) as { token: string }).token };
}

async function addStickersAndCheckOut(page: Page) {
  await page.goto("/merchandise");
  await waitForHydration(page);
  await page.getByRole("button", { name: `Add to Cart: ${STICKERS}`, exact: false }).click();
  await expect(page.getByText("Added to Cart!")).toBeVisible();
  await page.goto("/cart");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Shipping Info" });
  for (const [label, value] of Object.entries(ADDRESS)) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
  await page.goto("/checkout");
  await waitForHydration(page);
  await expect(page.getByRole("table", { name: "Your order" })).toContainText(STICKERS);
}

function outboxMessageFor(orderNumber: string): string | undefined {
  const folder = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(folder);
  } catch {
    return undefined;
  }
  return files
    .filter((file) => file.includes("order_received"))
    .map((file) => readFileSync(path.join(folder, file), "utf8"))
    .find((text) => text.includes(`Reference: ${orderNumber}`));
}

test("a signed-in buyer orders, pays by the reference, finds the order and prints the invoice", async ({
  page,
  request,
}) => {
  test.slow();
  const user = await createUser(request);
  await page.goto("/");
  await page.evaluate((token) => localStorage.setItem("authToken", token), user.token);

  await addStickersAndCheckOut(page);
  await expect(page.getByText("includes GST of")).toBeVisible();
  // The account's e-mail and the address typed on /cart are filled in.
  await expect(page.getByLabel("E-mail")).toHaveValue(user.email);
  await expect(page.getByLabel("City")).toHaveValue("Sydney");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders\/KB-\d+\?token=/);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(/^Order KB-\d+$/);
  const orderNumber = ((await heading.textContent()) ?? "").replace("Order ", "");
  const payment = page.getByRole("region", { name: "How to pay" });
  await expect(payment).toContainText(`Reference: ${orderNumber}`);
  await expect(payment).toContainText("BSB");
  await expect(page.getByRole("link", { name: /^Cart, 0 items/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // The confirmation e-mail is in the outbox with the same reference.
  await expect.poll(() => outboxMessageFor(orderNumber), { timeout: 15_000 }).toBeTruthy();

  await page.goto("/account");
  await waitForHydration(page);
  const orders = page.getByRole("region", { name: "Your orders" });
  await orders.getByRole("link", { name: orderNumber }).click();
  await expect(heading).toHaveText(`Order ${orderNumber}`);

  await page.getByRole("link", { name: "Tax invoice" }).click();
  await expect(page.getByRole("heading", { name: "Tax invoice" })).toBeVisible();
  await expect(page.getByRole("main").getByText(/ABN \d{2} \d{3} \d{3} \d{3}/)).toBeVisible();
  await expect(page.getByText(/Total price includes GST of \$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("body > header")).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Tax invoice" })).toBeVisible();
});

test("a guest orders; the link opens the order in another browser, nothing else does", async ({
  page,
  browser,
}) => {
  await addStickersAndCheckOut(page);
  await setTheme(page, "dark");
  await page.reload();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Place order" }).click();
  // Nothing typed: every missing field says so.
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByLabel("E-mail")).toBeFocused();
  await page.getByLabel("E-mail").fill("guest@example.com");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders\/KB-\d+\?token=/);
  await expectNoAxeViolations(page);
  const link = page.url();

  const other = await browser.newContext();
  const stranger = await other.newPage();
  await stranger.goto(link);
  await expect(stranger.getByRole("region", { name: "How to pay" })).toBeVisible();
  await stranger.getByRole("button", { name: "Cancel order" }).click();
  await stranger.getByRole("button", { name: "Yes, cancel the order" }).click();
  await expect(stranger.getByText("Status: Cancelled")).toBeVisible();

  await stranger.goto(link.split("?")[0] ?? link);
  await expect(
    stranger.getByRole("heading", { name: "We couldn't find that order" }),
  ).toBeVisible();
  await other.close();
});
