import { randomUUID } from "node:crypto";
import { orderInput } from "#tests/fixtures/orders.ts";
import { expect, test } from "../browser/fixtures.ts";

// Issue 38 item 2: a tax invoice prints on one A4 page, even with many lines and a long address.

const LINES = [
  { id: 1, type: "Hardback" },
  { id: 3, type: "Paperback" },
  { id: 5, type: "Paperback" },
  { id: 9, type: "Paperback" },
  { id: 13, type: "Magnet Tester" },
  { id: 19, type: "Autoclave Pouches" },
  { id: 20, type: "Indicator Strips" },
  { id: 29, type: "Mug" },
  { id: 30, type: "Sticker Pack" },
  { id: 33, type: "Enamel Pin" },
].map((line) => ({ ...line, quantity: 1 }));

const LONG_ADDRESS = {
  firstName: "Alexandrina Wilhelmina Georgiana",
  surname: "Montgomery-Fitzwilliam-Papadopoulos",
  street: "Unit 1207, Level 12, The Analytical Engine Building, 1234-1240 Parramatta Road West",
  city: "Sydney Olympic Park Business District",
  postcode: "2127",
  country: "Australia",
  state: "NSW",
};

test("a tax invoice with ten lines and a long address prints on one A4 page", async ({
  page,
  request,
}) => {
  const placed = await request.post("/api/orders", {
    data: orderInput({
      email: `invoice-${randomUUID().slice(0, 8)}@example.com`,
      lines: LINES,
      address: LONG_ADDRESS,
    }),
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, accessToken } = (await placed.json()) as {
    order: { number: string };
    accessToken: string;
  };

  await page.goto(`/orders/${order.number}/invoice?token=${accessToken}`);
  await expect(page.getByRole("heading", { level: 1, name: "Tax invoice" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Items" }).getByRole("row")).toHaveCount(
    1 + LINES.length + 3,
  );
  await expect(page.getByRole("region", { name: "Invoice to" })).toContainText(LONG_ADDRESS.street);

  await page.emulateMedia({ media: "print" });
  // Print hides the site's header and footer and the invoice's own buttons.
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.locator("body > header")).toBeHidden();
  const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true });
  const pages = pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g) ?? [];
  expect(pages).toHaveLength(1);
});
