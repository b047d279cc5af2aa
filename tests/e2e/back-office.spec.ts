import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { orderInput } from "#tests/fixtures/orders.ts";
import { expect, expectNoAxeViolations, waitForHydration } from "../browser/fixtures.ts";
import { waitForMail } from "../browser/outbox.ts";
import { logInAsStaff, test } from "../browser/staff.ts";
import { createUser, holdToken } from "../browser/users.ts";

/** An order of a parcel (plenty in stock), placed through the API, logged in or as a guest. */
async function placeOrder(request: APIRequestContext, token: string | null, email: string) {
  const response = await request.post("/api/orders", {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    data: orderInput({ email, lines: [{ id: 13, type: "Magnet Tester", quantity: 1 }] }),
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { order: { number: string } }).order.number;
}

test("staff see the new order, mark it paid and shipped, the customer sees it, and the CSV holds it", async ({
  page,
  browser,
  request,
  staff,
}) => {
  test.slow();
  const customer = await createUser(request, "buyer");
  const number = await placeOrder(request, customer.token, customer.email);

  await logInAsStaff(page, staff);
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Orders" })
    .click();
  const orders = page.getByRole("table", { name: /All orders, newest first/ });
  await expect(orders.getByRole("link", { name: number })).toBeVisible();
  await expect(page.getByLabel("What needs doing")).toContainText(/\d+ orders? awaiting payment/);
  await expectNoAxeViolations(page);

  // Found by the customer's name, then opened.
  await page.getByRole("searchbox", { name: "Find an order" }).fill(customer.email);
  await page
    .getByRole("search", { name: "Find orders" })
    .getByRole("button", { name: "Find" })
    .click();
  await expect(page).toHaveURL(/\/admin\/orders\?q=/);
  await expect(page.getByRole("table", { name: /matching/ }).getByRole("row")).toHaveCount(2);
  await page.getByRole("link", { name: number }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${number}`);
  await expect(page.getByText(/^Status: Awaiting payment/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Mark paid: the amount and today are filled in; a confirmation says what will happen.
  const paidForm = page.getByRole("form", { name: "Mark paid" });
  await expect(paidForm.getByLabel("Amount received (AUD)")).toHaveValue("32.95");
  await paidForm.getByRole("button", { name: "Mark paid…" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Mark ${number} paid?` });
  await expect(confirm).toContainText("$32.95 AUD received on");
  await expect(confirm.getByRole("button", { name: "Back" })).toBeFocused();
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Yes, mark paid" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Order ${number} is marked paid.` }),
  ).toBeVisible();
  await expect(page.getByText(/^Status: Paid/)).toBeVisible();
  await expect(page.getByRole("table", { name: "Staff actions on this order" })).toContainText(
    "Marked paid",
  );

  // The customer's account shows it paid, and the e-mail is in the outbox.
  const other = await browser.newContext();
  try {
    const buyerPage = await other.newPage();
    await holdToken(buyerPage, customer.token);
    await buyerPage.goto("/account");
    await waitForHydration(buyerPage);
    const yours = buyerPage.getByRole("region", { name: "Your orders" });
    await expect(yours.getByRole("row", { name: new RegExp(number) })).toContainText("Paid");
  } finally {
    await other.close();
  }
  await waitForMail({ kind: "payment_received", to: customer.email, contains: number });

  // Shipping needs a carrier and a tracking number.
  const shipForm = page.getByRole("form", { name: "Mark shipped" });
  await shipForm.getByRole("button", { name: "Mark shipped…" }).click();
  await expect(shipForm.getByLabel("Carrier")).toHaveAccessibleDescription(/Carrier is required/);
  await shipForm.getByLabel("Carrier").fill("Australia Post");
  await shipForm.getByLabel("Tracking number").fill("AP123456789");
  await shipForm.getByRole("button", { name: "Mark shipped…" }).click();
  await page
    .getByRole("alertdialog", { name: `Mark ${number} shipped?` })
    .getByRole("button", { name: "Yes, mark shipped" })
    .click();
  await expect(page.getByText(/^Status: Shipped/)).toBeVisible();
  await expect(page.getByText("Australia Post, tracking number AP123456789")).toBeVisible();
  await expect(page.getByRole("link", { name: "AP123456789" })).toHaveAttribute(
    "href",
    "https://auspost.com.au/mypost/track/details/AP123456789",
  );
  await waitForMail({ kind: "order_shipped", to: customer.email, contains: "AP123456789" });

  // The carrier says it arrived.
  await page
    .getByRole("form", { name: "Mark delivered" })
    .getByRole("button", { name: "Mark delivered…" })
    .click();
  await page
    .getByRole("alertdialog", { name: `Mark ${number} delivered?` })
    .getByRole("button", { name: "Yes, mark delivered" })
    .click();
  await expect(page.getByText(/^Status: Delivered/)).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: `Order ${number} is marked delivered.` }),
  ).toBeVisible();

  // The accountant's export of today holds the order, shipped.
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Exports" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Exports" })).toBeVisible();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format();
  await page.getByLabel("From").fill(today);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download orders (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`kybernetes-orders-${today}-to-${today}.csv`);
  const csv = readFileSync((await file.path()) ?? "", "utf8");
  expect(csv).toMatch(new RegExp(`^\\uFEFFNumber,Date,Customer,Status,`));
  expect(csv).toMatch(
    new RegExp(
      `\\r\\n${number},${today},Ada Lovelace,Delivered,${today},Australia,Taxable,12\\.95,`,
    ),
  );
  // The Exports page has its axe passes with the other sections, below.
});

test.describe("conflict", () => {
  // The API's 409 shows in the console as a failed request.
  test.use({ allowedConsoleErrors: /status of 409/ });

  test("two staff on one order: the second is told it changed and sees it as it is now", async ({
    page,
    request,
    staff,
  }) => {
    const number = await placeOrder(request, null, "guest@example.com");
    await logInAsStaff(page, staff);
    await page.goto(`/admin/orders/${number}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${number}`);

    // Meanwhile a colleague cancels it.
    // (A colleague's login: another session, here of the same account.)
    const login = await request.post("/api/login", {
      data: { username: staff.username, password: staff.password },
    });
    const { token } = (await login.json()) as { token: string };
    const cancelled = await request.post(`/api/admin/orders/${number}/cancel`, {
      headers: { authorization: `Bearer ${token}` },
      data: { version: 0, reason: "Duplicate order" },
    });
    expect(cancelled.status()).toBe(200);

    await page
      .getByRole("form", { name: "Mark paid" })
      .getByRole("button", { name: "Mark paid…" })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes, mark paid" }).click();
    await expect(page.getByRole("alert")).toContainText(
      `Order ${number} changed while you had it open: it is now cancelled.`,
    );
    await expect(page.getByText(/^Status: Cancelled/)).toBeVisible();
    await expect(page.getByRole("form", { name: "Mark paid" })).toHaveCount(0);
  });
});

test("the back office's pages pass axe in both themes", async ({ page, staff }) => {
  // An axe pass per section and theme: more than one test's usual time.
  test.slow();
  await logInAsStaff(page, staff);
  // The e2e mail server refuses nobody: a bounced subscriber is added to the list the page reads.
  await page.route("**/api/admin/subscribers", async (route) => {
    const list = (await (await route.fetch()).json()) as { subscribers: object[] };
    list.subscribers.push({
      username: "bounced",
      email: "bounced@example.com",
      consentAt: "2026-03-01T10:00:00.000Z",
      bounce: { at: "2026-06-01T10:00:00.000Z", reason: "550 5.1.1 No such user" },
    });
    await route.fulfill({ json: { ...list, bounced: 1 } });
  });
  // Each section once, through the back office's own navigation: whole in light colours,
  // then its colours in dark.
  const root = page.locator("html");
  for (const [link, heading] of [
    ["Orders", "Orders"],
    ["Customers", "Customers"],
    ["Products", "Products"],
    ["Stock", "Stock"],
    [/^Messages/, "Messages"],
    ["Subscribers", "Subscribers"],
    ["Exports", "Exports"],
    ["GST report", "GST report"],
    ["Audit log", "Audit log"],
    ["Dashboard", "Dashboard"],
  ] as const) {
    await root.evaluate((element) => delete element.dataset.theme);
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: link })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    if (heading === "Subscribers") {
      await expect(page.getByRole("row", { name: /bounced@example\.com/ })).toContainText(
        "newsletters skip this address",
      );
    }
    await expectNoAxeViolations(page);
    await root.evaluate((element) => (element.dataset.theme = "dark"));
    await expectNoAxeViolations(page, { coloursOnly: true });
  }
});

test("the GST report adds up a chosen quarter on either basis, with its lines as CSV", async ({
  page,
  request,
  staff,
}) => {
  await placeOrder(request, null, "bas@example.com");
  await logInAsStaff(page, staff);
  await page.goto("/admin/reports/gst");
  await expect(page.getByRole("heading", { level: 1, name: "GST report" })).toBeVisible();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format();
  const quarter = `${today.slice(0, 4)}-Q${Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1}`;
  // The last finished quarter first: the one a BAS is due for.
  await expect(page.getByLabel("Quarter", { exact: true })).not.toHaveValue(quarter);
  await page.getByLabel("Quarter", { exact: true }).selectOption(quarter);
  await page.getByLabel("Accrual: orders placed in the quarter").check();
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`quarter=${quarter}&basis=accrual`));
  const labels = page.getByRole("table", { name: `BAS labels for ${quarter}` });
  await expect(labels.getByRole("row")).toHaveCount(5);
  // The order just placed is a sale of this quarter on the accrual basis.
  await expect(labels.getByRole("row", { name: /^G1 / })).not.toContainText("$0.00 AUD");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download the lines (CSV)" }).click();
  expect((await download).suggestedFilename()).toMatch(/^kybernetes-gst-.+-accrual\.csv$/);

  // Printed for the records: the labels and what they mean, without the form and buttons.
  await page.emulateMedia({ media: "print" });
  await expect(labels).toBeVisible();
  await expect(page.getByRole("form", { name: "Choose the quarter" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Back office" })).toBeHidden();
});

test("staff refund one item of a paid order; the buyer's order page shows the adjustment note", async ({
  page,
  browser,
  request,
  staff,
}) => {
  const email = `refund-${randomUUID().slice(0, 8)}@example.com`;
  const placed = await request.post("/api/orders", {
    data: orderInput({ email, lines: [{ id: 13, type: "Magnet Tester", quantity: 2 }] }),
  });
  const { order, accessToken } = (await placed.json()) as {
    order: { number: string; totalCents: number };
    accessToken: string;
  };
  const login = await request.post("/api/login", {
    data: { username: staff.username, password: staff.password },
  });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format();
  const paid = await request.post(`/api/admin/orders/${order.number}/mark-paid`, {
    headers,
    data: { version: 0, amount: (order.totalCents / 100).toFixed(2), receivedOn: today },
  });
  expect(paid.status()).toBe(200);

  await logInAsStaff(page, staff);
  await page.goto(`/admin/orders/${order.number}`);
  const form = page.getByRole("form", { name: "Record a refund" });
  // Nothing chosen: the form says so beside each field, and nothing is sent.
  await form.getByRole("button", { name: "Record refund…" }).click();
  await expect(form.getByLabel("Reason")).toHaveAccessibleDescription(
    "Choose why the money goes back",
  );
  await form.getByLabel("Reason").selectOption("Faulty");
  await form.getByRole("button", { name: "Record refund…" }).click();
  await expect(form.getByRole("alert")).toHaveText(
    "Choose what to refund: at least one item, or the shipping",
  );
  await form.getByLabel(/^Magnetic Field Viewer Card/).fill("1");
  await form.getByLabel("The goods came back: put them back in stock").check();
  await form.getByRole("button", { name: "Record refund…" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Refund ${order.number}?` });
  await expect(confirm).toContainText("1 item, because: Faulty. The goods go back into stock.");
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Yes, record the refund" }).click();
  await expect(page.getByRole("heading", { name: /^Partly refunded: / })).toBeVisible();
  await expect(page.getByRole("table", { name: /^Adjustment note AN-\d+/ })).toContainText("1 ×");
  await waitForMail({ kind: "adjustment_note", to: email, contains: "GST reversed" });

  // The buyer's own link shows the same note.
  const buyer = await browser.newContext();
  try {
    const buyerPage = await buyer.newPage();
    await buyerPage.goto(`/orders/${order.number}?token=${encodeURIComponent(accessToken)}`);
    await expect(buyerPage.getByRole("heading", { name: /^Partly refunded: / })).toBeVisible();
    await expect(buyerPage.getByRole("table", { name: /^Adjustment note AN-/ })).toContainText(
      "Faulty",
    );
  } finally {
    await buyer.close();
  }
});

test("a message is read, answered and deleted; a count is set, and the audit log says who", async ({
  page,
  request,
  staff,
}) => {
  const tag = randomUUID().slice(0, 8);
  const contact = await request.post("/api/contact", {
    data: { email: `visitor.${tag}@example.com`, message: `Do you ship to Perth? ${tag}` },
  });
  expect(contact.status()).toBe(200);
  await logInAsStaff(page, staff);

  // The unread message opens (and is read from then on), with a reply link and a delete.
  await page.goto("/admin/messages");
  const row = page.getByRole("row", { name: new RegExp(tag) });
  await expect(row).toContainText("Unread");
  await row.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `Message from visitor.${tag}@example.com`,
  );
  await expect(page.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute(
    "href",
    /^mailto:visitor\./,
  );
  await page.getByRole("button", { name: "Delete…" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete this message?" });
  await expect(dialog.getByRole("button", { name: "Back" })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Delete…" }).click();
  await dialog.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page).toHaveURL("/admin/messages");
  await expect(page.getByRole("row", { name: new RegExp(tag) })).toHaveCount(0);

  // Stock: set a count; the audit log says who did.
  await page.goto("/admin/stock");
  const stock = page.getByRole("row", { name: /Cyborg Culture Sticker Pack/ });
  await stock.getByRole("spinbutton").fill("150");
  await stock.getByRole("button", { name: /Set count/ }).click();
  await expect(stock.getByRole("status")).toHaveText("Saved: 150 in stock.");
  await expect(stock.getByRole("cell", { name: "150", exact: true })).toBeVisible();
  await page.goto("/admin/audit");
  await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText(
    `${staff.username}Set the stock`,
  );
});

test.describe("refused", () => {
  // The API's 403 to a customer's login shows in the console as a failed request.
  test.use({ allowedConsoleErrors: /status of 403/ });

  test("a customer's login is told the back office is for staff; a visitor is sent to log in", async ({
    page,
    request,
  }) => {
    await page.goto("/admin/stock");
    await expect(page).toHaveURL("/login?next=%2Fadmin%2Fstock");

    const customer = await createUser(request, "nosy");
    await holdToken(page, customer.token);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Staff only" })).toBeVisible();
    await expect(page.getByText("This part of the site is for Kybernetes staff.")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test("public pages load none of the back office's JavaScript or CSS", async ({ page, staff }) => {
  const { adminOnly } = backOfficeFiles();
  expect(adminOnly.length).toBeGreaterThan(8);
  // A staff member's browser, which has the back office's files at hand.
  await logInAsStaff(page, staff);
  const loaded: string[] = [];
  page.on("request", (sent) => loaded.push(new URL(sent.url()).pathname));
  for (const path of ["/", "/books", "/cart", "/account", "/search?q=cyborg"]) {
    await page.goto(path);
    await waitForHydration(page);
  }
  expect(loaded.some((path) => path.startsWith("/assets/"))).toBe(true);
  expect(loaded.filter((path) => adminOnly.includes(path))).toEqual([]);
});

/**
 * The files only back-office routes use, read from the build's React Router manifest: their
 * modules, imports and CSS, less anything a public route uses too.
 */
function backOfficeFiles() {
  const folder = "build/client/assets";
  const name = readdirSync(folder).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  const text = readFileSync(`${folder}/${name}`, "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    routes: Record<string, { module: string; imports?: string[]; css?: string[] }>;
  };
  const files = (admin: boolean) =>
    new Set(
      Object.entries(manifest.routes)
        .filter(([id]) => id.startsWith("routes/admin/") === admin)
        .flatMap(([, route]) => [route.module, ...(route.imports ?? []), ...(route.css ?? [])]),
    );
  const publicFiles = files(false);
  return { adminOnly: [...files(true)].filter((file) => !publicFiles.has(file)) };
}

test("the API's documentation page works under its own policy", async ({ page }) => {
  await page.goto("/api/docs/");
  // Swagger UI draws the page from about 1 MB of script: on a busy 2-core machine that took
  // longer than the usual 7 s wait (seen in CI).
  await expect(page.getByRole("heading", { name: /Kybernetes API/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText("/api/admin/orders/{number}/mark-paid").first()).toBeVisible();
});
