import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { orderInput } from "#tests/fixtures/orders.ts";
import { typeAddress } from "../browser/checkout.ts";
import {
  expect,
  expectNoAxeViolationsInBothThemes,
  waitForHydration,
} from "../browser/fixtures.ts";
import { waitForMail } from "../browser/outbox.ts";
import { test } from "../browser/staff.ts";

// Issue 38: a return request from the order page, and a large eBook order's name and address
// at checkout, each a plain form pressed before any script runs.

type Staff = { username: string; password: string };

async function staffHeaders(request: APIRequestContext, staff: Staff) {
  const login = await request.post("/api/login", { data: staff });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** A guest's parcel, paid, shipped and delivered through the back office's API. */
async function deliveredOrder(request: APIRequestContext, staff: Staff) {
  const placed = await request.post("/api/orders", {
    data: orderInput({
      email: `return-${randomUUID().slice(0, 8)}@example.com`,
      lines: [
        { id: 30, type: "Sticker Pack", quantity: 2 },
        { id: 29, type: "Mug", quantity: 1 },
      ],
    }),
  });
  expect(placed.status()).toBe(201);
  const { order, accessToken } = (await placed.json()) as {
    order: { number: string; totalCents: number };
    accessToken: string;
  };
  const headers = await staffHeaders(request, staff);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format();
  let version = 0;
  for (const [step, data] of [
    ["mark-paid", { amount: (order.totalCents / 100).toFixed(2), receivedOn: today }],
    ["mark-shipped", { carrier: "Australia Post", trackingNumber: "AP12345678" }],
    ["mark-delivered", {}],
  ] as const) {
    const moved = await request.post(`/api/admin/orders/${order.number}/${step}`, {
      headers,
      data: { version, ...data },
    });
    expect(moved.status(), step).toBe(200);
    version = ((await moved.json()) as { version: number }).version;
  }
  return { number: order.number, link: `/orders/${order.number}?token=${accessToken}` };
}

/** No eBook in the catalogue reaches AUD 1,000 within the per-order cap: staff add one. */
async function expensiveEbook(request: APIRequestContext, staff: Staff) {
  const created = await request.post("/api/admin/products", {
    headers: await staffHeaders(request, staff),
    data: {
      name: `Cyberware Reference Library ${randomUUID().slice(0, 6)}`,
      category: "Book",
      type: "eBook",
      priceCents: 60_000,
      published: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: number; name: string };
}

test.describe("issue 38's order forms without JavaScript", () => {
  // A refused form is answered 400 (or 409 for the total to confirm); the console notes it.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: /status of 40[09]/ });

  test("a delivered parcel's buyer asks for a return, and the shop is e-mailed", async ({
    page,
    request,
    staff,
  }) => {
    const { number, link } = await deliveredOrder(request, staff);
    await page.goto(link);
    const section = page.getByRole("region", { name: "Ask for a return" });
    await expect(section).toContainText("within 14 days of delivery");

    // Nothing chosen: the server's messages sit beside the fields.
    await section.getByRole("button", { name: "Send return request" }).click();
    await expect(section.getByLabel("Reason")).toHaveAccessibleDescription(
      "Please choose a reason",
    );
    await expect(section.getByLabel("What happened?")).toHaveAccessibleDescription(
      /Please tell us what happened/,
    );

    await section.getByLabel("Pronunciation Mug (Mug): 1 ordered").selectOption("1");
    await section.getByLabel("Reason").selectOption("Faulty or damaged");
    await section.getByLabel("What happened?").fill("The mug arrived with a crack in the handle.");
    await section.getByRole("button", { name: "Send return request" }).click();

    const asked = page.getByRole("region", { name: "Ask for a return" });
    await expect(
      asked.getByText(/^We have your return request\. You asked for a return on/),
    ).toBeVisible();
    await expect(asked.getByText(/Something to add\? Send another request below\./)).toBeVisible();
    // The form posted to the order's own address: the token went nowhere else.
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(link);

    const mail = await waitForMail({ kind: "return_request", contains: number });
    expect(mail.text).toContain("Reason: Faulty or damaged");
    expect(mail.text).toContain("Items: 1 × Pronunciation Mug (Mug)");
    expect(mail.text).toContain("The mug arrived with a crack in the handle.");
  });

  test("an eBook order of AUD 1,000 or more asks the buyer's name and address for its invoice", async ({
    page,
    request,
    staff,
  }) => {
    test.slow();
    const { id, name } = await expensiveEbook(request, staff);

    await page.goto(`/checkout?cart=${id}:1`);
    await expect(page.getByText(/No shipping address is needed/)).toBeVisible();
    await expect(page.getByRole("group", { name: "Your name and address" })).toHaveCount(0);

    await page.goto(`/checkout?cart=${id}:2`);
    const details = page.getByRole("group", { name: "Your name and address" });
    await expect(details).toHaveAccessibleDescription(/must name the buyer/);
    await page.getByLabel("E-mail").fill("library@example.com");
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(details.getByLabel("First Name", { exact: true })).toHaveAccessibleDescription(
      "First Name is required",
    );
    await expect(details.getByLabel("Street", { exact: true })).toHaveAccessibleDescription(
      "Street is required",
    );

    await typeAddress(details);
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByRole("alert")).toContainText("Please check your order and its total");
    await page.getByRole("button", { name: "Place order" }).click();
    await page.getByRole("link", { name: /^Open order KB-\d+$/ }).click();

    await expect(
      page.getByRole("heading", { name: "Your address, for the tax invoice" }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Tax invoice" }).click();
    const invoiceTo = page.getByRole("region", { name: "Invoice to" });
    await expect(invoiceTo).toContainText("Ada Lovelace");
    await expect(invoiceTo).toContainText("1 Analytical Way, Sydney NSW 2000, Australia");
    await expect(page.getByRole("table", { name: "Items" })).toContainText(name);
    await expect(page.getByRole("table", { name: "Items" })).toContainText("$1,200.00 AUD");
  });
});

test.describe("issue 38's order forms with JavaScript", () => {
  // The return request is checked by the server alone: a refusal is a 400 the console notes.
  test.use({ allowedConsoleErrors: /status of 400/ });

  test("the return request's messages and thanks are axe clean in both themes", async ({
    page,
    request,
    staff,
  }) => {
    const { link } = await deliveredOrder(request, staff);
    await page.goto(link);
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Ask for a return" });
    await section.getByRole("button", { name: "Send return request" }).click();
    await expect(section.getByLabel("Reason")).toBeFocused();
    await expect(section.getByLabel("Reason")).toHaveAccessibleDescription(
      "Please choose a reason",
    );
    await expectNoAxeViolationsInBothThemes(page);
    await section.getByLabel("Reason").selectOption("Not received");
    await section.getByLabel("What happened?").fill("Nothing has come yet.");
    await section.getByRole("button", { name: "Send return request" }).click();
    await expect(section.getByText(/^We have your return request\./)).toBeFocused();
    await expectNoAxeViolationsInBothThemes(page);
  });

  test("checkout's name and address for a large eBook order are axe clean in both themes", async ({
    page,
    request,
    staff,
  }) => {
    const { id } = await expensiveEbook(request, staff);
    await page.goto(`/checkout?cart=${id}:2`);
    await waitForHydration(page);
    const details = page.getByRole("group", { name: "Your name and address" });
    await page.getByLabel("E-mail").fill("library@example.com");
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(details.getByLabel("First Name", { exact: true })).toBeFocused();
    await expect(details.getByLabel("First Name", { exact: true })).toHaveAccessibleDescription(
      "First Name is required",
    );
    await expectNoAxeViolationsInBothThemes(page);
  });
});
