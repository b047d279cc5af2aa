import { orderInput } from "#tests/fixtures/orders.ts";
import { expect, expectNoAxeViolationsInBothThemes } from "../browser/fixtures.ts";
import { logInAsStaff, test } from "../browser/staff.ts";

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format();

test("the owner's dashboard shows this month's sales against last month's, drawn and in tables", async ({
  page,
  request,
  staff,
}) => {
  test.slow();
  // An order paid today, through the API as staff would mark it.
  const placed = await request.post("/api/orders", {
    data: orderInput({ lines: [{ id: 13, type: "Magnet Tester", quantity: 1 }] }),
  });
  const { order } = (await placed.json()) as { order: { number: string; totalCents: number } };
  const login = await request.post("/api/login", { data: staff });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const paid = await request.post(`/api/admin/orders/${order.number}/mark-paid`, {
    headers,
    data: { version: 0, amount: (order.totalCents / 100).toFixed(2), receivedOn: today() },
  });
  expect(paid.status()).toBe(200);

  await logInAsStaff(page, staff);
  await expect(page.getByLabel("Period", { exact: true })).toHaveValue("this-month");
  await expect(page.getByText("Orders paid")).toBeVisible();
  const sales = page.getByRole("img", { name: /Sales by day, GST included/ });
  await expect(sales).toBeVisible();
  // The bars' numbers, for screen readers: today's row holds the order just paid.
  const byDay = page.getByRole("table", { name: "Sales by day" });
  const day = new Intl.DateTimeFormat("en-AU", { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${today()}T00:00:00Z`),
  );
  const todays = byDay.getByRole("row", { name: new RegExp(`^${day}`) });
  await expect(todays.getByRole("cell").nth(1)).not.toHaveText("0");
  await expect(page.getByRole("img", { name: "Units sold by shop" })).toBeVisible();
  await expect(page.getByRole("table", { name: /Best sellers by sales/ })).toContainText(
    "Magnetic Field Viewer Card",
  );
  await expect(
    page.getByRole("table", { name: "Waiting for their bank transfer today" }),
  ).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page);

  // Printed, the charts' tables are on the paper too.
  await page.emulateMedia({ media: "print" });
  await expect(byDay).toBeVisible();
  expect((await byDay.boundingBox())?.height ?? 0).toBeGreaterThan(100);
  await page.emulateMedia({ media: "screen" });

  // Another period: last month, then custom dates the wrong way round.
  await page.getByLabel("Period", { exact: true }).selectOption("last-quarter");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/period=last-quarter/);
  await expect(page.getByRole("img", { name: /Sales by week/ })).toBeVisible();
  await page.getByLabel("Period", { exact: true }).selectOption("custom");
  await page.getByLabel("From", { exact: true }).fill("2026-10-31");
  await page.getByLabel("To", { exact: true }).fill("2026-10-01");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByLabel("To", { exact: true })).toHaveAccessibleDescription(
    "From must be on or before To",
  );
  await expect(page.getByRole("alert")).toContainText("Choose the custom dates again");
});
