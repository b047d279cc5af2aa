import { fixedCatalogue } from "../catalog/live-catalogue.ts";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { OrderQuote, OrderSummary, OrderView, PlacedOrder } from "#core/orders/order.ts";
import { ADULT_DECLARATION_REQUIRED } from "#core/orders/order-schemas.ts";
import { NOT_A_COUNTRY } from "#core/address.ts";
import type { Database } from "../db/client.ts";
import { orders, outbox, productStock } from "../db/schema.ts";
import { bearer, signUp, uniqueIp } from "#tests/server/account-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { stockOf as stockOfProduct } from "#tests/server/order-helpers.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";
import { placeOrder } from "./order-placing.ts";
import { createOrderService } from "./order-service.ts";
import { ADDRESS } from "#tests/fixtures/addresses.ts";
import { CLEANER, EBOOK, KIT, MUG, PAPERBACK, testProducts } from "#tests/fixtures/catalogue.ts";
import { orderInput } from "#tests/fixtures/orders.ts";

// The test catalogue: the Salt Water Circuit paperback $22.99 (20 in stock), its eBook $12.99
// (not counted), the ultrasonic cleaner $149.00 (3 in stock), the implant kit $149.00 (adults
// only) and a mug.

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ database });
});
afterAll(async () => {
  await app.close();
});

function place(payload: object, headers: Record<string, string> = {}, remoteAddress = uniqueIp()) {
  return app.inject({ method: "POST", url: "/api/orders", payload, headers, remoteAddress });
}

async function placed(payload: object = orderInput(), headers: Record<string, string> = {}) {
  const response = await place(payload, headers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PlacedOrder>();
}

const stockOf = (productId: number) => stockOfProduct(database.db, productId);

async function setStock(productId: number, available: number) {
  await database.db
    .update(productStock)
    .set({ available })
    .where(eq(productStock.productId, productId));
}

async function orderCount() {
  const [row] = await database.db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

async function mailTo(recipient: string) {
  return database.db.select().from(outbox).where(eq(outbox.recipient, recipient));
}

describe("POST /api/orders/quote", () => {
  it("prices lines from the catalogue, with SPEC §9 shipping and the GST inside the total", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/orders/quote",
      payload: {
        lines: [
          { ...PAPERBACK, quantity: 2, priceCents: 1, name: "Free book" },
          { ...EBOOK, quantity: 1 },
        ],
        address: { postcode: "10001", country: " USA " },
      },
    });
    expect(response.statusCode).toBe(200);
    const quote = response.json<OrderQuote>();
    expect(quote.lines.map((line) => [line.name, line.unitCents, line.lineCents])).toEqual([
      ["Salt Water Circuit", 2299, 4598],
      ["Salt Water Circuit", 1299, 1299],
    ]);
    // The paperback goes to the USA: a GST-free export, less its GST ($4.18). The eBook is
    // downloaded, a taxable supply wherever its buyer is ($1.18); shipping abroad has no GST.
    expect(quote.lines.map((line) => [line.taxClass, line.gstCents, line.gstRemovedCents])).toEqual(
      [
        ["export", 0, 418],
        ["taxable", 118, 0],
      ],
    );
    expect(quote).toMatchObject({
      itemsCents: 5897,
      shippingCents: 1000,
      gstFreeExport: true,
      gstRemovedCents: 418,
      totalCents: 5897 + 1000 - 418,
      gstCents: 118,
      shippingGstCents: 0,
      freeShipping: false,
    });
  });

  it("keeps an order abroad as it was sold: export lines, no GST, and says so in its e-mail", async () => {
    const email = `export-${randomUUID().slice(0, 8)}@example.com`;
    const usa = { ...ADDRESS, state: undefined, city: "Boston", postcode: "02108", country: "USA" };
    const { order } = await placed(orderInput({ email, address: usa }));
    expect(order).toMatchObject({
      gstFreeExport: true,
      gstCents: 0,
      gstRemovedCents: 418,
      totalCents: 4598 - 418 + 1000,
    });
    expect(order.lines[0]).toMatchObject({ taxClass: "export", gstCents: 0, gstRemovedCents: 418 });
    const [mail] = await mailTo(email);
    expect(mail?.text).toContain("GST removed: delivery outside Australia: −$4.18 AUD");
    expect(mail?.text).toContain("Total: $51.80 AUD (GST-free export)");
  });

  it("waives shipping over the free-shipping threshold", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/orders/quote",
      payload: { lines: [{ ...CLEANER, quantity: 3 }], address: { postcode: "1", country: "NZ" } },
    });
    expect(response.json<OrderQuote>()).toMatchObject({
      itemsCents: 44700,
      shippingCents: 0,
      freeShipping: true,
    });
  });

  it("charges the USA's rate for the United States by any name, and refuses what is not a country", async () => {
    for (const country of ["United States", "US", "USA"]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/orders/quote",
        payload: {
          lines: [{ ...PAPERBACK, quantity: 1 }],
          address: { postcode: "10001", country },
        },
      });
      expect(response.json<OrderQuote>().shippingCents, country).toBe(1000);
    }
    const narnia = await app.inject({
      method: "POST",
      url: "/api/orders/quote",
      payload: {
        lines: [{ ...PAPERBACK, quantity: 1 }],
        address: { postcode: "1", country: "Narnia" },
      },
    });
    expect(narnia.statusCode).toBe(400);
    expect(JSON.stringify(narnia.json().error.fields)).toContain(NOT_A_COUNTRY);
  });

  it("refuses an unknown product and an empty cart", async () => {
    const unknown = await app.inject({
      method: "POST",
      url: "/api/orders/quote",
      payload: { lines: [{ id: 9999, type: "", quantity: 1 }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe("unknown_product");
    const empty = await app.inject({
      method: "POST",
      url: "/api/orders/quote",
      payload: { lines: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe("Your cart is empty");
  });
});

describe("POST /api/orders", () => {
  beforeEach(async () => {
    await setStock(PAPERBACK.id, 20);
    await setStock(CLEANER.id, 3);
  });

  it("stores the order priced by the server, takes the stock and queues both e-mails", async () => {
    const email = `buyer-${randomUUID().slice(0, 8)}@example.com`;
    const { order, accessToken } = await placed(orderInput({ email, note: "Gift wrap, please" }));
    expect(order.number).toMatch(/^KB-1\d{5}$/);
    expect(accessToken).toMatch(/^[\w-]{32}$/);
    expect(order).toMatchObject({
      status: "awaiting_payment",
      email,
      address: ADDRESS,
      note: "Gift wrap, please",
      itemsCents: 4598,
      shippingCents: 2000,
      totalCents: 6598,
      gstCents: 600,
      canCancel: true,
      payment: { amountCents: 6598, reference: order.number },
    });
    expect(order.lines[0]).toMatchObject({ name: "Salt Water Circuit", isbn: expect.any(String) });
    expect(order.history.map((event) => event.status)).toEqual(["awaiting_payment"]);
    expect(await stockOf(PAPERBACK.id)).toBe(18);

    const [received] = await mailTo(email);
    expect(received?.kind).toBe("order_received");
    expect(received?.text).toContain(`Reference: ${order.number}`);
    expect(received?.text).toContain(`token=${accessToken}`);
    const alerts = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, "new_order_alert"));
    expect(alerts.some((alert) => alert.text.includes(order.number))).toBe(true);
  });

  it("keeps the country as its name and its code, however it was typed (issue 37)", async () => {
    for (const [typed, country, countryCode] of [
      ["usa", "United States", "US"],
      ["nz", "New Zealand", "NZ"],
      ["AU", "Australia", "AU"],
    ] as const) {
      const { order } = await placed(orderInput({ address: { ...ADDRESS, country: typed } }));
      expect(order.address, typed).toMatchObject({ country, countryCode });
    }
  });

  it("numbers orders in sequence", async () => {
    const first = await placed();
    const second = await placed();
    expect(Number(second.order.number.slice(3))).toBeGreaterThan(
      Number(first.order.number.slice(3)),
    );
  });

  it.each([
    ["an empty cart", { lines: [] }, "lines"],
    ["a quantity of 0", { lines: [{ ...PAPERBACK, quantity: 0 }] }, "lines.0.quantity"],
    ["a quantity of 100", { lines: [{ ...PAPERBACK, quantity: 100 }] }, "lines.0.quantity"],
    ["a missing city", { address: { ...ADDRESS, city: " " } }, "address.city"],
    ["no address for a parcel", { address: undefined }, "address.street"],
    ["a bad e-mail", { email: "ada@example" }, "email"],
    ["no idempotency key", { idempotencyKey: undefined }, "idempotencyKey"],
  ])("refuses %s with 400 and stores nothing", async (_case, change, field) => {
    const before = await orderCount();
    const response = await place({ ...orderInput(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty([field]);
    expect(await orderCount()).toBe(before);
  });

  it("refuses an unknown product and two lines of one product adding up past the cap", async () => {
    const unknown = await place(orderInput({ lines: [{ id: 4242, type: "Mug", quantity: 1 }] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ code: "unknown_product" });
    const tooMany = await place(
      orderInput({
        lines: [
          { ...EBOOK, quantity: 3 },
          { ...EBOOK, quantity: 3 },
        ],
      }),
    );
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.code).toBe("quantity_limit");
  });

  it("refuses an order for more than is left, naming the product and what is left", async () => {
    const before = await orderCount();
    const response = await place(orderInput({ lines: [{ ...CLEANER, quantity: 4 }] }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: "out_of_stock",
      message: expect.stringContaining("Only 3 of Ultrasonic Instrument Cleaner 2 L left"),
    });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(CLEANER.id)).toBe(3);
  });

  it("never charges a total the buyer did not see", async () => {
    const before = await orderCount();
    const response = await place(orderInput({ expectedTotalCents: 100 }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("price_changed");
    expect(await orderCount()).toBe(before);
    const right = await place(orderInput({ expectedTotalCents: 6598 }));
    expect(right.statusCode).toBe(201);
  });

  it("places one order for concurrent requests with one idempotency key", async () => {
    const before = await orderCount();
    const input = orderInput();
    const answers = await Promise.all(Array.from({ length: 10 }, () => place(input)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const numbers = new Set(answers.map((answer) => answer.json<PlacedOrder>().order.number));
    expect(numbers.size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
    expect(await stockOf(PAPERBACK.id)).toBe(18);
  });

  it("refuses the same idempotency key with another cart", async () => {
    const input = orderInput();
    await placed(input);
    const response = await place({ ...input, lines: [{ ...PAPERBACK, quantity: 3 }] });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("idempotency_conflict");
  });

  it("never oversells: 50 concurrent orders for 5 left, exactly 5 succeed", async () => {
    await setStock(PAPERBACK.id, 5);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        place(orderInput({ lines: [{ ...PAPERBACK, quantity: 1 }] })),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(45);
    expect(await stockOf(PAPERBACK.id)).toBe(0);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json().error.message).toBe(
      "Salt Water Circuit is out of stock. Please remove it from your cart.",
    );
  });

  it("ties a signed-in buyer's order to the account and refuses a bad token", async () => {
    const buyer = await signUp(app);
    const { order } = await placed(orderInput({ email: buyer.email }), bearer(buyer.token));
    const mine = await app.inject({
      method: "GET",
      url: "/api/orders",
      headers: bearer(buyer.token),
    });
    expect(mine.json<{ orders: OrderSummary[] }>().orders.map((row) => row.number)).toEqual([
      order.number,
    ]);
    const bad = await place(orderInput(), bearer("a.b.c"));
    expect(bad.statusCode).toBe(401);
  });
});

describe("nobody can hoard the stock (issue 23)", () => {
  beforeEach(async () => {
    await setStock(PAPERBACK.id, 20);
    await setStock(CLEANER.id, 3);
  });

  it("refuses one guest order that asks for every stocked product, and takes nothing", async () => {
    const levels = (await app.inject({ method: "GET", url: "/api/stock" })).json<{
      stock: Record<string, number>;
    }>().stock;
    const lines = Object.entries(levels)
      .filter(([, left]) => left > 0)
      .map(([id, left]) => ({ id: Number(id), type: "", quantity: Math.min(left, 99) }));
    const before = await orderCount();
    const response = await place(orderInput({ lines, adultDeclared: true }));
    expect([409, 429]).toContain(response.statusCode);
    expect(await orderCount()).toBe(before);
    const after = (await app.inject({ method: "GET", url: "/api/stock" })).json<{
      stock: Record<string, number>;
    }>().stock;
    expect(after).toEqual(levels);
  });

  it("caps one product at 5 units per order, in the quote and the order", async () => {
    const six = { lines: [{ ...PAPERBACK, quantity: 6 }] };
    const quote = await app.inject({ method: "POST", url: "/api/orders/quote", payload: six });
    expect(quote.statusCode).toBe(409);
    const response = await place(orderInput(six));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: "quantity_limit",
      message:
        "One order may hold at most 5 of Salt Water Circuit, so that other buyers can have one too. Please lower the quantity to 5, or contact us about a larger order.",
    });
    expect(await stockOf(PAPERBACK.id)).toBe(20);
    await placed(orderInput({ lines: [{ ...PAPERBACK, quantity: 5 }] }));
    expect(await stockOf(PAPERBACK.id)).toBe(15);
  });

  it("lets one order take at most half of what is left under ten, but always the last one", async () => {
    await setStock(PAPERBACK.id, 7);
    const response = await place(orderInput({ lines: [{ ...PAPERBACK, quantity: 4 }] }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      "Only 7 of Salt Water Circuit left, so one order may take at most 3 and others can have one too. Please lower the quantity to 3.",
    );
    await placed(orderInput({ lines: [{ ...PAPERBACK, quantity: 3 }] }));
    await setStock(PAPERBACK.id, 1);
    await placed(orderInput({ lines: [{ ...PAPERBACK, quantity: 1 }] }));
    expect(await stockOf(PAPERBACK.id)).toBe(0);
  });

  it("lets one e-mail address hold 3 unpaid orders, from anywhere, until one is paid or cancelled", async () => {
    const email = `holder-${randomUUID().slice(0, 8)}@example.com`;
    const orders = [];
    for (let n = 0; n < 3; n += 1) orders.push(await placed(orderInput({ email })));
    const fourth = await place(orderInput({ email: email.toUpperCase() }));
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toEqual({
      code: "too_many_unpaid_orders",
      message:
        "You already have 3 orders waiting for payment. Please pay for them or cancel one (the links are in your order e-mails) before placing another, or contact us about a larger order.",
    });
    const first = orders[0] as PlacedOrder;
    await app.inject({
      method: "POST",
      url: `/api/orders/${first.order.number}/cancel?token=${first.accessToken}`,
    });
    expect((await place(orderInput({ email }))).statusCode).toBe(201);
  });

  it("lets a new account place its first order from an address three other buyers used (issue 34)", async () => {
    const ip = uniqueIp();
    for (let n = 0; n < 3; n += 1) {
      expect((await place(orderInput(), {}, ip)).statusCode).toBe(201);
    }
    const buyer = await signUp(app);
    const first = await place(orderInput({ email: buyer.email }), bearer(buyer.token), ip);
    expect(first.statusCode, first.body).toBe(201);
  });

  it("refuses the 11th unpaid order from one address with the truth, not with orders the buyer lacks", async () => {
    const ip = uniqueIp();
    // eBooks hold no stock, so only the caps can refuse.
    const ebook = () => orderInput({ lines: [{ ...EBOOK, quantity: 1 }] });
    const placedHere: PlacedOrder[] = [];
    for (let n = 0; n < 10; n += 1) {
      const response = await place(ebook(), {}, ip);
      expect(response.statusCode, response.body).toBe(201);
      placedHere.push(response.json<PlacedOrder>());
    }
    const eleventh = await place(ebook(), {}, ip);
    expect(eleventh.statusCode).toBe(429);
    const { code, message } = eleventh.json().error;
    expect(code).toBe("too_many_unpaid_orders_from_network");
    expect(message).toMatch(/^Several unpaid orders have come from your network recently/);
    expect(message).toContain("try again later");
    expect(message).toContain("support@kybernetes.com.au");
    expect(message).not.toMatch(/you already have/i);
    // Buyers elsewhere are not held back by this address's orders.
    expect((await place(ebook(), {}, uniqueIp())).statusCode).toBe(201);
    // A cancelled order no longer counts against the address.
    const first = placedHere[0] as PlacedOrder;
    await app.inject({
      method: "POST",
      url: `/api/orders/${first.order.number}/cancel?token=${first.accessToken}`,
    });
    expect((await place(ebook(), {}, ip)).statusCode).toBe(201);
  });

  it("caps the units one buyer's unpaid orders hold together at 20", async () => {
    const email = `units-${randomUUID().slice(0, 8)}@example.com`;
    const many = [PAPERBACK, EBOOK, MUG, CLEANER, KIT].map((line) => ({ ...line, quantity: 5 }));
    const tooMany = await place(orderInput({ email, lines: many, adultDeclared: true }));
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().error).toEqual({
      code: "too_many_unpaid_units",
      message:
        "One order may hold at most 20 items until it is paid. Please split your order, or contact us about a larger one.",
    });
    // Paperbacks, eBooks and mugs: there are enough of each.
    await placed(orderInput({ email, lines: many.slice(0, 3) }));
    const more = await place(
      orderInput({
        email,
        lines: [
          { ...EBOOK, quantity: 5 },
          { ...PAPERBACK, quantity: 1 },
        ],
      }),
    );
    expect(more.statusCode).toBe(429);
    expect(more.json().error.message).toContain("Your unpaid orders already hold 15 items");
  });

  it("counts one buyer's orders placed at once one after the other: 10 at once, 3 placed", async () => {
    const email = `rush-${randomUUID().slice(0, 8)}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => place(orderInput({ email }))),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
  });

  it("holds a guest's order for 24 hours and a signed-in buyer's for 7 days", async () => {
    const guest = await placed();
    const hours = (order: OrderView) =>
      (Date.parse(order.payment?.payBy ?? "") - Date.parse(order.createdAt)) / 3_600_000;
    expect(hours(guest.order)).toBe(24);
    const buyer = await signUp(app);
    const member = await placed(orderInput({ email: buyer.email }), bearer(buyer.token));
    expect(hours(member.order)).toBe(7 * 24);
  });
});

describe("reading and cancelling an order", () => {
  it("shows an order to its account or its link's token, and 404 to anyone else", async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const { order, accessToken } = await placed(orderInput(), bearer(owner.token));
    const get = (query: string, headers: Record<string, string> = {}) =>
      app.inject({ method: "GET", url: `/api/orders/${order.number}${query}`, headers });

    expect((await get("", bearer(owner.token))).statusCode).toBe(200);
    expect((await get(`?token=${accessToken}`)).json<OrderView>().number).toBe(order.number);
    expect((await get("")).statusCode).toBe(404);
    expect((await get(`?token=${accessToken.slice(1)}x`)).statusCode).toBe(404);
    expect((await get("", bearer(stranger.token))).statusCode).toBe(404);
    expect((await get("?token=%3Cscript%3E")).statusCode).toBe(404);
    // A stale login in the browser does not hide what the link opens.
    expect((await get(`?token=${accessToken}`, bearer("a.b.c"))).statusCode).toBe(200);
    const unknown = await app.inject({ method: "GET", url: "/api/orders/KB-999999999" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("not_found");
    expect((await app.inject({ method: "GET", url: "/api/orders/nonsense" })).statusCode).toBe(404);
  });

  it("lists orders only for a signed-in account", async () => {
    const response = await app.inject({ method: "GET", url: "/api/orders" });
    expect(response.statusCode).toBe(401);
  });

  it("lets the buyer cancel while unpaid: the stock returns, an e-mail says so", async () => {
    await setStock(CLEANER.id, 4);
    const email = `cancel-${randomUUID().slice(0, 8)}@example.com`;
    const { order, accessToken } = await placed(
      orderInput({ email, lines: [{ ...CLEANER, quantity: 2 }] }),
    );
    expect(await stockOf(CLEANER.id)).toBe(2);
    const cancel = () =>
      app.inject({
        method: "POST",
        url: `/api/orders/${order.number}/cancel?token=${accessToken}`,
        remoteAddress: uniqueIp(),
      });
    const cancelled = await cancel();
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<OrderView>()).toMatchObject({
      status: "cancelled",
      canCancel: false,
      payment: null,
    });
    expect(await stockOf(CLEANER.id)).toBe(4);
    expect((await mailTo(email)).map((mail) => mail.kind)).toEqual([
      "order_received",
      "order_cancelled",
    ]);
    const again = await cancel();
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("cannot_cancel");
    expect(await stockOf(CLEANER.id)).toBe(4);
  });

  it("does not let anyone without access cancel", async () => {
    const { order } = await placed();
    const response = await app.inject({
      method: "POST",
      url: `/api/orders/${order.number}/cancel`,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("stock", () => {
  it("GET /api/stock gives units left for counted products only", async () => {
    await setStock(CLEANER.id, 2);
    const response = await app.inject({ method: "GET", url: "/api/stock" });
    const { stock } = response.json<{ stock: Record<string, number> }>();
    expect(stock[String(CLEANER.id)]).toBe(2);
    expect(stock).not.toHaveProperty(String(EBOOK.id));
  });

  it("keeps live counts when the server starts again", async () => {
    await setStock(CLEANER.id, 1);
    const again = await createTestApp({ database: { ...database, close: async () => {} } });
    await again.close();
    expect(await stockOf(CLEANER.id)).toBe(1);
    await database.db.execute(sql`select 1`);
  });
});

describe("orders holding a product sold to adults only", () => {
  it("mark the line adults-only in the quote", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/orders/quote",
      payload: {
        lines: [
          { ...KIT, quantity: 1 },
          { ...PAPERBACK, quantity: 1 },
        ],
      },
    });
    const quote = response.json<OrderQuote>();
    expect(quote.lines.map((line) => [line.productId, line.ageRestricted])).toEqual([
      [KIT.id, true],
      [PAPERBACK.id, false],
    ]);
  });

  it.each([
    ["left out", {}],
    ["false", { adultDeclared: false }],
  ])("are refused with a 400 naming the field when the declaration is %s", async (_, extra) => {
    const [kitsBefore, ordersBefore] = [await stockOf(KIT.id), await orderCount()];
    const response = await place(
      orderInput({
        lines: [
          { ...PAPERBACK, quantity: 1 },
          { ...KIT, quantity: 1 },
        ],
        ...extra,
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: "validation_failed",
        message: ADULT_DECLARATION_REQUIRED,
        fields: { adultDeclared: ADULT_DECLARATION_REQUIRED },
      },
    });
    expect(await stockOf(KIT.id)).toBe(kitsBefore);
    expect(await orderCount()).toBe(ordersBefore);
  });

  it("are placed with the declaration, which is stored, and e-mailed 'do not self-install'", async () => {
    const kitsBefore = (await stockOf(KIT.id)) ?? 0;
    const email = `kit-${randomUUID().slice(0, 8)}@example.com`;
    const { order } = await placed(
      orderInput({ email, lines: [{ ...KIT, quantity: 1 }], adultDeclared: true }),
    );
    expect(order.lines[0]).toMatchObject({ productId: KIT.id, ageRestricted: true });
    expect(Date.parse(order.adultDeclaredAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect(await stockOf(KIT.id)).toBe(kitsBefore - 1);
    const [row] = await database.db
      .select({ adultDeclaredAt: orders.adultDeclaredAt })
      .from(orders)
      .where(eq(orders.email, email));
    expect(row?.adultDeclaredAt).toBeInstanceOf(Date);
    const [mail] = await mailTo(email);
    expect(mail?.text).toContain("Do not self-install: see a professional.");
  });

  it("need no declaration when nothing in them is adults-only", async () => {
    const { order } = await placed();
    expect(order.adultDeclaredAt).toBeNull();
  });

  it("are refused by the order service itself, whatever route calls it", async () => {
    const service = createOrderService(database.db, {
      catalogue: fixedCatalogue(testProducts),
      siteUrl: "https://shop.test",
      shopEmail: "shop@example.com",
      expiryDays: 7,
      guestHoldHours: 24,
    });
    await expect(
      placeOrder(service, {
        idempotencyKey: randomUUID(),
        email: "ada@example.com",
        lines: [{ ...KIT, quantity: 1 }],
        address: ADDRESS,
      }),
    ).rejects.toMatchObject({ code: "adult_declaration_required" });
  });
});
