import { randomBytes } from "node:crypto";
import { ADDRESS } from "#tests/fixtures/addresses.ts";
import {
  expect,
  expectNoAxeViolations,
  layoutShift,
  setTheme,
  test,
  waitForHydration,
  watchLayoutShifts,
} from "../browser/fixtures.ts";
import { fillCartAndCheckOut, placeOrder } from "../browser/checkout.ts";
import { waitForMail } from "../browser/outbox.ts";
import { createUser } from "../browser/users.ts";

// Products with plenty of stock (content/products.csv), so parallel tests never run out.
const BOOK = { shop: "/books", label: "Add to Cart: Salt Water Circuit (Paperback)" }; // 20
const STICKERS = {
  shop: "/merchandise",
  label: "Add to Cart: Cyborg Culture Sticker Pack (Sticker Pack)", // 100
};
// Sold to adults only; 4 in stock, and this file orders one.
const IMPLANT_KIT = {
  shop: "/cyberware?genre=Body+Modification",
  label: "Add to Cart: NTAG216 Glass Implant Kit (Implant Kit)",
};

// Some steps provoke a 404 on purpose (an order opened without its token).
test.use({ allowedConsoleErrors: /status of 404/ });

test("a signed-in buyer orders, pays by the reference, finds the order and prints the invoice", async ({
  page,
  request,
}) => {
  test.slow();
  const user = await createUser(request, "buyer");
  await page.goto("/");
  await page.evaluate((token) => localStorage.setItem("authToken", token), user.token);

  await fillCartAndCheckOut(page, BOOK);
  const lines = page.getByRole("table", { name: "Your order" });
  await expect(lines).toContainText("Salt Water Circuit");
  await expect(lines).toContainText("$22.99 AUD");
  await expect(lines).toContainText(/includes GST of \$\d+\.\d\d AUD/);
  // The account's e-mail and the address typed on /cart are filled in.
  await expect(page.getByLabel("E-mail")).toHaveValue(user.email);
  await expect(page.getByLabel("City")).toHaveValue("Sydney");
  await expect(page.getByLabel("State or territory")).toHaveValue("NSW");
  await expectNoAxeViolations(page);

  const orderNumber = await placeOrder(page);
  // As Australia Post writes it: the state between the city and the postcode.
  await expect(page.getByRole("main").locator("address")).toContainText("Sydney NSW 2000");
  const payment = page.getByRole("region", { name: "How to pay" });
  await expect(payment).toContainText(`Reference: ${orderNumber}`);
  await expect(payment).toContainText("BSB");
  await expect(page.getByRole("link", { name: /^Cart, 0 items/ }).first()).toBeAttached();
  expect(await page.evaluate(() => localStorage.getItem("cart"))).toBe("[]");

  // The reference copies from the keyboard, and the page says so.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await payment.getByRole("button", { name: "Copy reference" }).focus();
  await page.keyboard.press("Enter");
  await expect(payment.getByRole("status")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(orderNumber);
  await expectNoAxeViolations(page);

  // The e-mail with the same reference is in the outbox.
  await waitForMail({ kind: "order_received", contains: orderNumber });

  // The account lists it, and opens it without the link's token.
  await page.goto("/account");
  await waitForHydration(page);
  const orders = page.getByRole("region", { name: "Your orders" });
  await expect(orders.getByRole("row").nth(1)).toContainText("Awaiting payment");
  await orders.getByRole("link", { name: orderNumber }).click();
  await expect(page).toHaveURL(`/orders/${orderNumber}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${orderNumber}`);

  await page.getByRole("link", { name: "Tax invoice" }).click();
  await expect(page.getByRole("heading", { name: "Tax invoice" })).toBeVisible();
  await expect(page.getByRole("main").getByText(/ABN \d{2} \d{3} \d{3} \d{3}/)).toBeVisible();
  await expect(page.getByText(/Total price includes GST of \$/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.emulateMedia({ media: "print" });
  await expect(page.locator("body > header")).toBeHidden();
  await expect(page.locator("body > footer")).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Tax invoice" })).toBeVisible();
  // Printed, it is one A4 page.
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
  expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
});

test("a guest orders in dark mode; the link opens the order in another browser, nothing else does", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.goto("/");
  await setTheme(page, "dark");
  await fillCartAndCheckOut(page, STICKERS);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expectNoAxeViolations(page);

  // Nothing typed in E-mail: the form says so beside the field and puts the cursor there.
  await page.getByRole("button", { name: "Place order" }).click();
  const email = page.getByLabel("E-mail");
  await expect(email).toHaveAccessibleDescription("Email is required");
  await expect(email).toBeFocused();
  await expectNoAxeViolations(page);
  await email.fill("guest@example.com");
  const orderNumber = await placeOrder(page);
  await expect(page.getByRole("region", { name: "How to pay" })).toContainText(
    `Reference: ${orderNumber}`,
  );
  await expectNoAxeViolations(page);
  const link = page.url();

  await page.getByRole("link", { name: "Tax invoice" }).click();
  await expect(page).toHaveURL(/\/invoice\?token=/);
  await expect(page.getByRole("heading", { name: "Tax invoice" })).toBeVisible();
  // The buyer by name, delivery address and e-mail, and the invoice's number beside its date.
  const invoice = page.getByRole("main");
  await expect(invoice).toContainText("Ada Lovelace1 Analytical Way, Sydney NSW 2000");
  await expect(invoice).toContainText("guest@example.com");
  await expect(invoice).toContainText(/Tax invoiceInvoice numberKB-\d+Invoice date/);
  await expectNoAxeViolations(page);

  const other = await browser.newContext();
  try {
    const stranger = await other.newPage();
    await stranger.goto(link);
    await waitForHydration(stranger);
    await expect(stranger.getByRole("region", { name: "How to pay" })).toBeVisible();
    await stranger.getByRole("button", { name: "Cancel order" }).click();
    await stranger.getByRole("button", { name: "Yes, cancel the order" }).click();
    await expect(stranger.getByText("Status: Cancelled")).toBeVisible();
    await expect(stranger.getByRole("region", { name: "How to pay" })).toBeHidden();

    await stranger.goto(link.split("?")[0] ?? link);
    await expect(
      stranger.getByRole("heading", { name: "We couldn't find that order" }),
    ).toBeVisible();
    await expect(stranger.getByText(/link in your order e-mail/)).toBeVisible();
  } finally {
    await other.close();
  }
});

test("the checkout prices the cart in the page with the server's function, and nothing moves", async ({
  page,
}) => {
  await watchLayoutShifts(page);
  const quotes: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/orders/quote")) quotes.push(request.url());
  });
  await page.goto("/");
  await page.evaluate(() =>
    localStorage.setItem("cart", JSON.stringify([{ id: 30, type: "Sticker Pack", quantity: 2 }])),
  );
  await page.goto("/checkout");
  await waitForHydration(page);
  const lines = page.getByRole("table", { name: "Your order" });
  await expect(lines).toContainText("$19.90 AUD");
  await expect(lines).toContainText("includes GST of $1.81 AUD");
  expect(await layoutShift(page)).toBe(0);
  // Shipping follows the country as it is typed.
  await page.getByLabel("Postcode").fill("10001");
  await page.getByLabel("Country").selectOption("United States");
  // A parcel abroad: its GST comes off, in the page, with no request either.
  await expect(lines).toContainText("GST removed: delivery outside Australia−$1.81 AUD");
  await expect(lines).toContainText("Total$28.09 AUDGST-free export");
  expect(quotes).toEqual([]);
});

test("an order with the implant kit needs the buyer's declaration of age, on the page and on the server", async ({
  page,
  request,
}) => {
  test.slow();
  await page.goto(IMPLANT_KIT.shop);
  await waitForHydration(page);
  const card = page.getByRole("article").filter({ hasText: "NTAG216 Glass Implant Kit" });
  await expect(card.getByText("Adults only (18+)")).toBeVisible();
  await expect(card).toContainText("never install it yourself");

  await fillCartAndCheckOut(page, IMPLANT_KIT);
  await expect(page.getByRole("table", { name: "Your order" })).toContainText("Adults only (18+)");
  await page.getByLabel("E-mail").fill("adult@example.com");
  const declaration = page.getByRole("checkbox", {
    name: "I declare that I am 18 years of age or older",
  });
  await expect(declaration).not.toBeChecked();

  // Without the declaration: refused beside the checkbox, and nothing is placed.
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(declaration).toHaveAttribute("aria-invalid", "true");
  await expect(declaration).toHaveAccessibleDescription(
    /Please confirm that you are 18 or over: your order holds a product sold to adults only\./,
  );
  await expect(declaration).toBeFocused();
  await expect(page).toHaveURL("/checkout");
  await expectNoAxeViolations(page);

  // The server refuses the same order sent without the checkbox.
  const refused = await request.post("/api/orders", {
    data: {
      idempotencyKey: randomBytes(16).toString("hex"),
      email: "adult@example.com",
      lines: [{ id: 18, type: "Implant Kit", quantity: 1 }],
      address: ADDRESS,
    },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({
    error: { code: "validation_failed", fields: { adultDeclared: expect.stringContaining("18") } },
  });

  // With it: placed, the declaration shown, and the e-mail warns against self-installing.
  await declaration.check();
  const orderNumber = await placeOrder(page);
  await expect(page.getByText(/You declared that you are 18 or over on/)).toBeVisible();
  const mail = await waitForMail({ kind: "order_received", contains: orderNumber });
  expect(mail.text).toContain("Do not self-install: see a professional.");
});

test("checkout asks for a country from its list, charges the United States' rate, and the order names it", async ({
  page,
}) => {
  await fillCartAndCheckOut(page, STICKERS);
  await page.getByLabel("E-mail").fill("country@example.com");
  const country = page.getByLabel("Country", { exact: true });
  await country.selectOption("");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(country).toHaveAccessibleDescription(/Country is required$/);
  await expect(country).toBeFocused();
  await expect(page).toHaveURL("/checkout");
  await country.selectOption("United States");
  await expect(page.getByRole("main")).toContainText("$10.00 AUD");
  await placeOrder(page);
  await expect(page.getByRole("main")).toContainText("United States");
});
