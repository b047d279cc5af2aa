import type { APIRequestContext, Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolationsInBothThemes,
  waitForHydration,
} from "../browser/fixtures.ts";
import { placeOrder } from "../browser/checkout.ts";
import { waitForMail, type OutboxMail } from "../browser/outbox.ts";
import { logInAsStaff, test } from "../browser/staff.ts";
import { logInThroughApi } from "../browser/users.ts";

// Issue 26: an eBook is delivered by download once paid, never shipped.

// The digital edition of a book (content/products.csv), with the shop's sample EPUB and PDF.
const EBOOK = {
  id: 8,
  page: "/products/salt-water-circuit-ebook",
  label: "Add to Cart: Salt Water Circuit (eBook)",
};

const reader = (tag: string) => `reader-${tag}-${Date.now()}@example.com`;

/** The site-relative download address the e-mail gives for the file `format` (EPUB, PDF). */
function downloadLinkIn(mail: OutboxMail, format: string): string {
  const pattern = new RegExp(
    `\\(${format}\\), until [^\\n]+:\\n\\s*https?://[^\\s/]+(/downloads/[\\w-]+\\?token=[\\w%-]+)`,
  );
  const link = pattern.exec(mail.text)?.[1];
  if (!link) throw new Error(`No ${format} download link in ${mail.file}:\n${mail.text}`);
  return link;
}

/** The bytes are an EPUB: a ZIP whose first entry is the uncompressed `mimetype`. */
function expectEpub(bytes: Buffer) {
  expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");
  expect(bytes.subarray(30, 38).toString("latin1")).toBe("mimetype");
  expect(bytes.subarray(38, 58).toString("latin1")).toBe("application/epub+zip");
}

async function markPaidThroughApi(
  request: APIRequestContext,
  staff: { username: string; password: string },
  number: string,
) {
  const token = await logInThroughApi(request, staff);
  const headers = { authorization: `Bearer ${token}` };
  const order = (await (await request.get(`/api/admin/orders/${number}`, { headers })).json()) as {
    version: number;
    totalCents: number;
  };
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format();
  const paid = await request.post(`/api/admin/orders/${number}/mark-paid`, {
    headers,
    data: {
      version: order.version,
      amount: (order.totalCents / 100).toFixed(2),
      receivedOn: today,
    },
  });
  expect(paid.status()).toBe(200);
}

async function downloadsOf(page: Page) {
  const region = page.getByRole("region", { name: "Your downloads" });
  await expect(region).toBeVisible();
  return region;
}

test("a guest buys an eBook without giving an address; once paid, the e-mailed link downloads a valid EPUB", async ({
  page,
  staff,
}) => {
  test.slow();
  await page.goto(EBOOK.page);
  await waitForHydration(page);
  await expect(page.getByText(/Delivered by download, with no shipping to pay/)).toBeVisible();
  await page.getByRole("button", { name: EBOOK.label, exact: true }).click();
  await expect(page.getByText("Added to Cart!")).toBeVisible();

  await page.goto("/cart");
  await waitForHydration(page);
  await expect(page.getByText(/Your cart holds eBooks only/)).toBeVisible();
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL("/checkout");
  await waitForHydration(page);
  const lines = page.getByRole("table", { name: "Your order" });
  await expect(lines).toContainText("Delivered by download");
  await expect(lines).toContainText("None: delivered by download");
  // No address is asked for.
  await expect(page.getByText(/Your order is delivered by download/)).toBeVisible();
  await expect(page.getByRole("group", { name: "Shipping address" })).toHaveCount(0);
  await expect(page.getByLabel("Street", { exact: true })).toHaveCount(0);
  const email = reader("guest");
  await page.getByLabel("E-mail").fill(email);
  const number = await placeOrder(page);
  const orderUrl = page.url();
  await expect(await downloadsOf(page)).toContainText("as soon as your payment arrives");
  await expect(page.getByRole("heading", { name: "Shipping address" })).toHaveCount(0);
  await waitForMail({ kind: "order_received", to: email });

  // Staff mark it paid: with nothing to ship, it is delivered.
  await logInAsStaff(page, staff);
  await page.goto(`/admin/orders/${number}`);
  await expect(page.getByText(/Nothing to ship: this order is downloads only/)).toBeVisible();
  // No address was asked: the order is under the ATO's AUD 1,000 for a named buyer.
  await expect(page.getByText("None: downloads only, under AUD 1,000")).toBeVisible();
  await page.getByRole("button", { name: "Mark paid…" }).click();
  await page.getByRole("button", { name: "Yes, mark paid" }).click();
  await expect(page.getByText(/Status: Delivered/)).toBeVisible();
  const panel = page.getByRole("table", { name: "Download links" });
  await expect(panel).toContainText("Salt Water Circuit (EPUB)");
  await expect(panel).toContainText("0 of 5");

  // The e-mail's EPUB link downloads the file.
  const mail = await waitForMail({ kind: "payment_received", to: email });
  const link = downloadLinkIn(mail, "EPUB");
  const file = await page.request.get(link);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.epub"/);
  expectEpub(await file.body());

  // The order's page has the same links, counted.
  await page.goto(orderUrl);
  await waitForHydration(page);
  const downloads = await downloadsOf(page);
  const epub = downloads.getByRole("link", { name: "Download Salt Water Circuit (EPUB)" });
  await expect(epub).toHaveAttribute("href", link);
  await expect(downloads).toContainText("downloaded 1 of 5 times");
  await expect(page.getByText(/Status: Delivered/)).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page);

  // On a phone, none of its pages scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const invoiceUrl = orderUrl.replace(/(KB-\d+)\?/, "$1/invoice?");
  for (const path of [orderUrl, invoiceUrl, `/admin/orders/${number}`]) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      path,
    ).toBeLessThanOrEqual(390);
  }
});

test.describe("an eBook without JavaScript (issue 26)", () => {
  // The confirming answer is a 409, which the browser notes in its console.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: /status of 409/ });

  test("a checkout link's eBook is ordered with no address, and its link renewed by a form", async ({
    page,
    request,
    staff,
  }) => {
    await page.goto(`/checkout?cart=${EBOOK.id}:1`);
    await expect(page.getByText(/Your order is delivered by download/)).toBeVisible();
    await expect(page.getByLabel("Street", { exact: true })).toHaveCount(0);
    const email = reader("nojs");
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByRole("alert")).toContainText(
      "Please check your order and its total above, then press Place order again.",
    );
    await page.getByRole("button", { name: "Place order" }).click();
    await page.getByRole("link", { name: /Open order KB-\d+/ }).click();
    const number = /Order (KB-\d+)/.exec(
      (await page.getByRole("heading", { level: 1 }).textContent()) ?? "",
    )?.[1];
    expect(number).toBeTruthy();

    await markPaidThroughApi(request, staff, number!);
    await page.reload();
    const downloads = await downloadsOf(page);
    const before = await downloads
      .getByRole("link", { name: "Download Salt Water Circuit (EPUB)" })
      .getAttribute("href");
    await downloads
      .getByRole("button", { name: "Get a fresh link for Salt Water Circuit (EPUB)" })
      .click();
    const after = await (
      await downloadsOf(page)
    )
      .getByRole("link", { name: "Download Salt Water Circuit (EPUB)" })
      .getAttribute("href");
    expect(after).not.toBe(before);
    expectEpub(await (await page.request.get(after!)).body());
    // The old address no longer works.
    expect((await page.request.get(before!)).status()).toBe(404);
  });
});
