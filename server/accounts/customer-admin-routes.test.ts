import Papa from "papaparse";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CustomerDetail, CustomerList } from "#core/admin/customer-admin-schemas.ts";
import { emailKey } from "#core/validation/email.ts";
import { auditLog, mailBounces, users } from "../db/schema.ts";
import { bearer, logIn, newAccount, signUp, uniqueIp } from "#tests/server/account-helpers.ts";
import { orderInput } from "#tests/fixtures/orders.ts";

import { setUpBackOffice } from "#tests/server/staff-helpers.ts";

const context = setUpBackOffice();

/** An account that placed one order while logged in. */
async function customerWithOrder(prefix: string) {
  const account = await signUp(context.app, newAccount(prefix));
  const placed = await context.app.inject({
    method: "POST",
    url: "/api/orders",
    remoteAddress: uniqueIp(),
    headers: bearer(account.token),
    payload: orderInput({ email: account.email }),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return account;
}

const asStaff = (url: string) => context.app.inject({ url, headers: context.staff.headers });

describe("customers in the back office", () => {
  it("lists accounts newest first, found by username or e-mail, with orders and no secrets", async () => {
    const older = await signUp(context.app, newAccount("older"));
    const newer = await signUp(context.app, newAccount("newer"));
    const answer = await asStaff("/api/admin/customers");
    expect(answer.statusCode, answer.body).toBe(200);
    const list = answer.json<CustomerList>();
    const names = list.customers.map((customer) => customer.username);
    expect(names.indexOf(newer.username)).toBeLessThan(names.indexOf(older.username));
    expect(list.customers.find((row) => row.username === older.username)).toMatchObject({
      email: older.email,
      orders: 0,
      paidCents: 0,
      staff: false,
    });
    // Nothing of the password or sessions, under any name.
    expect(answer.body).not.toMatch(/password|hash|token|argon/i);

    const found = (
      await asStaff(`/api/admin/customers?q=${encodeURIComponent(older.email)}`)
    ).json<CustomerList>();
    expect(found.customers.map((row) => row.username)).toEqual([older.username]);
    // A LIKE wildcard is a character like any other.
    expect((await asStaff("/api/admin/customers?q=%25")).json<CustomerList>().total).toBe(0);
  });

  it("shows one account with its orders, and 404 for one that is not there", async () => {
    const account = await customerWithOrder("buyer");
    const [row] = await context.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, account.username));
    const answer = await asStaff(`/api/admin/customers/${row?.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const customer = answer.json<CustomerDetail>();
    expect(customer.username).toBe(account.username);
    expect(customer.orders).toBe(1);
    // Not paid yet: nothing counted as paid.
    expect(customer.paidCents).toBe(0);
    expect(customer.history).toEqual([
      expect.objectContaining({
        status: "awaiting_payment",
        number: expect.stringMatching(/^KB-/),
      }),
    ]);
    expect(answer.body).not.toMatch(/password|hash|token/i);
    expect(customer.bounce).toBeNull();

    // A hard bounce filed under the address's key, whatever its letter case.
    const reason = "550 5.1.1 No such user";
    const bouncedAt = new Date("2026-06-01T10:00:00Z");
    await context.database.db
      .insert(mailBounces)
      .values({ emailKey: emailKey(account.email.toUpperCase()), bouncedAt, reason });
    const bounced = (await asStaff(`/api/admin/customers/${row?.id}`)).json<CustomerDetail>();
    expect(bounced.bounce).toEqual({ at: bouncedAt.toISOString(), reason });

    expect((await asStaff("/api/admin/customers/999999")).statusCode).toBe(404);
    expect((await asStaff("/api/admin/customers/abc")).statusCode).toBe(400);
  });

  it("refuses a customer's login and exports every account as CSV, audited", async () => {
    const customer = await signUp(context.app, newAccount("nosy"));
    const login = await logIn(context.app, customer.username, customer.password);
    const refused = await context.app.inject({
      url: "/api/admin/customers",
      headers: bearer((login.json() as { token: string }).token),
    });
    expect(refused.statusCode).toBe(403);

    const csv = await asStaff("/api/admin/exports/customers");
    expect(csv.statusCode).toBe(200);
    const rows = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, "")).data;
    expect(rows[0]).toEqual([
      "Username",
      "Email",
      "Verified",
      "Subscribed",
      "Staff",
      "Joined (UTC)",
      "Orders",
      "Paid (AUD)",
    ]);
    expect(rows.some((row) => row[0] === customer.username)).toBe(true);
    const audited = await context.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "customers.export"));
    expect(audited).toHaveLength(1);
  });
});
