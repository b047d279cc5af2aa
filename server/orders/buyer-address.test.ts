import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "#core/catalog/product.ts";
import type { PlacedOrder } from "#core/orders/order.ts";
import { newOrderAlertEmail } from "#core/orders/order-emails.ts";
import type { Database } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { ADDRESS } from "#tests/fixtures/addresses.ts";
import { testProducts } from "#tests/fixtures/catalogue.ts";
import { uniqueIp } from "#tests/server/account-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";

// Issue 38 item 2: a tax invoice of AUD 1,000 or more names the buyer (ATO), downloads or not.

const LIBRARY: Product = {
  ...testProducts[1]!,
  id: 40,
  name: "Complete Cyberware Library",
  type: "eBook",
  priceCents: 60_000,
};

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({
    database,
    catalog: { products: [...testProducts, LIBRARY], pages: [] },
  });
});
afterAll(async () => {
  await app.close();
});

const place = (quantity: number, address?: object) =>
  app.inject({
    method: "POST",
    url: "/api/orders",
    remoteAddress: uniqueIp(),
    payload: {
      idempotencyKey: randomUUID(),
      email: `library-${randomUUID().slice(0, 8)}@example.com`,
      lines: [{ id: LIBRARY.id, type: "eBook", quantity }],
      ...(address ? { address } : {}),
    },
  });

const storedAddress = async (number: string) => {
  const [row] = await database.db
    .select({ address: orders.address })
    .from(orders)
    .where(eq(orders.number, Number(number.replace("KB-", ""))));
  return row?.address;
};

describe("a downloads-only order's buyer on its tax invoice", () => {
  it("needs no address under AUD 1,000, and keeps none even if one is sent", async () => {
    const response = await place(1, ADDRESS);
    expect(response.statusCode, response.body).toBe(201);
    const { order } = response.json<PlacedOrder>();
    expect(order).toMatchObject({ totalCents: 60_000, shipsParcel: false, address: null });
    expect(await storedAddress(order.number)).toBeNull();
  });

  it("from AUD 1,000 refuses an order without the name and address, by field", async () => {
    const response = await place(2);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      "address.firstName": "First Name is required",
      "address.surname": "Surname is required",
      "address.street": "Street is required",
      "address.city": "City is required",
      "address.postcode": "Postcode is required",
      "address.country": "Country is required",
    });
  });

  it("keeps the address it is given, with no shipping and the GST of a download", async () => {
    const response = await place(2, ADDRESS);
    expect(response.statusCode, response.body).toBe(201);
    const { order } = response.json<PlacedOrder>();
    expect(order).toMatchObject({
      totalCents: 120_000,
      shippingCents: 0,
      shipsParcel: false,
      gstCents: 10_909,
      address: { firstName: ADDRESS.firstName, surname: ADDRESS.surname, street: ADDRESS.street },
    });
    expect(await storedAddress(order.number)).toMatchObject({ city: ADDRESS.city });
    // Staff are not told to ship it.
    const alert = newOrderAlertEmail({ order, adminTo: "orders@example.com" });
    expect(alert.text).not.toContain("Ship to");
    expect(alert.text).toContain(`Buyer's address for the tax invoice: ${ADDRESS.firstName}`);
  });
});
