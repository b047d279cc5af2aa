import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import type { PlacedOrder } from "#core/orders/order.ts";
import type { PlaceOrderInput } from "#core/orders/order-schemas.ts";
import { runStaffCommand } from "../admin/staff-accounts.ts";
import type { Database, Db } from "../db/client.ts";
import { bearer, logIn, newAccount, signUp, uniqueIp } from "./account-helpers.ts";
import { createTestApp } from "./test-app.ts";
import { createTestDatabase } from "./test-database.ts";
import { ADDRESS } from "#tests/fixtures/addresses.ts";
import { TOTE } from "#tests/fixtures/catalogue.ts";

/** An account made staff from the "command line", logged in afresh (a 12-hour staff session). */
export async function signUpStaff(app: FastifyInstance, db: Db, prefix = "staff") {
  const account = await signUp(app, newAccount(prefix));
  const granted = await runStaffCommand(db, {
    command: "add",
    username: account.username,
    by: "test",
  });
  if (!granted.ok) throw new Error(granted.message);
  const login = await logIn(app, account.username, account.password);
  const token = (login.json() as { token: string }).token;
  return { ...account, token, headers: bearer(token) };
}

export { ADDRESS as ORDER_ADDRESS } from "#tests/fixtures/addresses.ts";

/**
 * Places an order as a guest (a tote bag: a parcel not counted, so never sold out), each by a
 * buyer of its own unless an e-mail address is given (one buyer's unpaid orders are capped).
 */
export async function placeOrder(
  app: FastifyInstance,
  overrides: Partial<PlaceOrderInput> = {},
): Promise<PlacedOrder> {
  const response = await app.inject({
    method: "POST",
    url: "/api/orders",
    remoteAddress: uniqueIp(),
    payload: {
      idempotencyKey: randomUUID(),
      email: `ada-${randomUUID().slice(0, 8)}@example.com`,
      lines: [{ ...TOTE, quantity: 1 }],
      address: ADDRESS,
      ...overrides,
    },
  });
  if (response.statusCode !== 201) {
    throw new Error(`placing an order failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<PlacedOrder>();
}

export type Staff = Awaited<ReturnType<typeof signUpStaff>>;

/**
 * A test file's API on a fresh database with one staff member, set up before its tests and
 * closed after them. Read the fields inside tests (they are filled in by `beforeAll`).
 */
export function setUpBackOffice() {
  const context = {} as { database: Database; app: FastifyInstance; staff: Staff };
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.app = await createTestApp({ database: context.database });
    context.staff = await signUpStaff(context.app, context.database.db);
  });
  afterAll(async () => {
    await context.app.close();
  });
  return context;
}
