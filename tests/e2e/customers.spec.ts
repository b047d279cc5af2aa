import { orderInput } from "#tests/fixtures/orders.ts";
import { expect, expectNoAxeViolationsInBothThemes } from "../browser/fixtures.ts";
import { logInAsStaff, test } from "../browser/staff.ts";
import { createUser } from "../browser/users.ts";

test("staff find a customer, see their orders and never their password", async ({
  page,
  request,
  staff,
}) => {
  const customer = await createUser(request, "regular");
  const placed = await request.post("/api/orders", {
    headers: { authorization: `Bearer ${customer.token}` },
    data: orderInput({
      email: customer.email,
      lines: [{ id: 13, type: "Magnet Tester", quantity: 1 }],
    }),
  });
  expect(placed.status()).toBe(201);
  const { order } = (await placed.json()) as { order: { number: string } };

  await logInAsStaff(page, staff);
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Customers" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Find a customer" }).fill(customer.email);
  await page
    .getByRole("search", { name: "Find customers" })
    .getByRole("button", { name: "Find" })
    .click();
  const table = page.getByRole("table", { name: /Accounts, newest first/ });
  await expect(table.getByRole("row")).toHaveCount(2);
  const row = table.getByRole("row", { name: new RegExp(customer.username) });
  await expect(row).toContainText(customer.email);
  await expect(row.getByRole("cell").nth(3)).toHaveText("1");
  await expectNoAxeViolationsInBothThemes(page);

  await row.getByRole("link", { name: customer.username }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Customer ${customer.username}` }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: order.number })).toBeVisible();
  await expect(page.locator("main")).not.toContainText(/password/i);
  await expectNoAxeViolationsInBothThemes(page);
});
