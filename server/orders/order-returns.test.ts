import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminMessage, AdminOrder } from "#core/admin/admin-schemas.ts";
import type { OrderView, PlacedOrder } from "#core/orders/order.ts";
import type { Database } from "../db/client.ts";
import { contactMessages, orderEvents, orders, outbox } from "../db/schema.ts";
import { EBOOK, PAPERBACK, TOTE } from "#tests/fixtures/catalogue.ts";
import { uniqueIp } from "#tests/server/account-helpers.ts";
import { placeOrder } from "#tests/server/order-helpers.ts";
import { signUpStaff } from "#tests/server/staff-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";

// Issue 38 item 3: the buyer asks for a return from the order page, within the policy's 14 days.

let database: Database;
let app: FastifyInstance;
let staff: Awaited<ReturnType<typeof signUpStaff>>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ database });
  staff = await signUpStaff(app, database.db, "returns");
});
afterAll(async () => {
  await app.close();
});

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format();

async function asStaff(url: string, payload: object) {
  const response = await app.inject({
    method: "POST",
    url: `/api/admin/orders/${url}`,
    headers: staff.headers,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminOrder>();
}

type Stage = "awaiting_payment" | "paid" | "shipped" | "delivered";

async function orderAt(
  stage: Stage,
  lines: { id: number; type: string; quantity: number }[] = [{ ...PAPERBACK, quantity: 2 }],
) {
  const placed: PlacedOrder = await placeOrder(app, { lines });
  const { number, totalCents } = placed.order;
  const token = placed.accessToken;
  if (stage === "awaiting_payment") return { number, token };
  let order = await asStaff(`${number}/mark-paid`, {
    version: 0,
    amount: (totalCents / 100).toFixed(2),
    receivedOn: today(),
  });
  if (stage === "paid") return { number, token };
  order = await asStaff(`${number}/mark-shipped`, {
    version: order.version,
    carrier: "Australia Post",
    trackingNumber: "AP123456",
  });
  if (stage === "shipped") return { number, token };
  await asStaff(`${number}/mark-delivered`, { version: order.version });
  return { number, token };
}

const ask = (number: string, token: string | undefined, payload: object, ip = uniqueIp()) =>
  app.inject({
    method: "POST",
    url: `/api/orders/${number}/return-request${token ? `?token=${token}` : ""}`,
    remoteAddress: ip,
    payload,
  });

const view = async (number: string, token: string) =>
  (
    await app.inject({ method: "GET", url: `/api/orders/${number}?token=${token}` })
  ).json<OrderView>();

async function deliveredDaysAgo(number: string, days: number) {
  const [order] = await database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.number, Number(number.replace("KB-", ""))));
  await database.db
    .update(orderEvents)
    .set({ at: sql`now() - make_interval(days => ${days})` })
    .where(and(eq(orderEvents.orderId, order?.id ?? 0), eq(orderEvents.status, "delivered")));
}

const request = {
  reason: "faulty",
  message: "The spine of one copy is split down the middle.",
  lines: [{ productId: PAPERBACK.id, quantity: 1 }],
};

describe("return requests from the order page", () => {
  it("reaches staff as a message tied to the order, e-mailed to the shop", async () => {
    const { number, token } = await orderAt("delivered");
    const before = await view(number, token);
    expect(before.returnRequest).toMatchObject({ open: true, askedAt: null });
    const delivered = before.history.find((event) => event.status === "delivered")?.at ?? "";
    expect(Date.parse(before.returnRequest.until ?? "") - Date.parse(delivered)).toBe(
      14 * 24 * 60 * 60 * 1000,
    );

    const response = await ask(number, token, request);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<OrderView>();
    expect(answer.returnRequest.askedAt).toEqual(expect.any(String));
    expect((await view(number, token)).returnRequest.askedAt).toBe(answer.returnRequest.askedAt);

    const [stored] = await database.db
      .select()
      .from(contactMessages)
      .where(
        eq(
          contactMessages.message,
          `Return request for order ${number}\nReason: Faulty or damaged\nItems: 1 × Salt Water Circuit (Paperback)\n\n${request.message}`,
        ),
      );
    expect(stored?.email).toBe(answer.email);
    expect(stored?.orderId).not.toBeNull();

    const mails = await database.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.kind, "return_request"), eq(outbox.recipient, "orders@kybernetes.com.au")),
      );
    const mail = mails.find((candidate) => candidate.subject.includes(number));
    expect(mail?.subject).toBe(`Return request for order ${number} from ${answer.email}`);
    expect(mail?.text).toContain(request.message);
    expect(mail?.text).toContain(`/admin/orders/${number}`);
    expect(mail?.text).toContain(`/admin/messages/${stored?.id}`);

    const inbox = await app.inject({
      method: "GET",
      url: `/api/admin/messages/${stored?.id}`,
      headers: staff.headers,
    });
    expect(inbox.json<AdminMessage>()).toMatchObject({ orderNumber: number, email: answer.email });
  });

  it("is open while a parcel is on its way, for a reason such as not received", async () => {
    const { number, token } = await orderAt("shipped");
    expect((await view(number, token)).returnRequest).toEqual({
      open: true,
      until: null,
      askedAt: null,
    });
    const response = await ask(number, token, {
      reason: "not_received",
      message: "Tracking has said 'in transit' for three weeks.",
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it("closes 14 days after delivery, and the server refuses with a clear 409", async () => {
    const { number, token } = await orderAt("delivered");
    await deliveredDaysAgo(number, 13);
    expect((await view(number, token)).returnRequest.open).toBe(true);
    await deliveredDaysAgo(number, 15);
    expect((await view(number, token)).returnRequest).toEqual({
      open: false,
      until: null,
      askedAt: null,
    });
    const response = await ask(number, token, request);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: "return_closed",
      message: expect.stringContaining(
        `The 14 days to ask for a return of order ${number} have passed.`,
      ),
    });
  });

  it("is refused for an order not yet shipped or of downloads only", async () => {
    for (const stage of ["awaiting_payment", "paid"] as const) {
      const { number, token } = await orderAt(stage);
      const response = await ask(number, token, request);
      expect(response.statusCode, stage).toBe(409);
      expect(response.json().error.code).toBe("return_closed");
    }
    const downloads = await orderAt("paid", [{ ...EBOOK, quantity: 1 }]);
    const response = await ask(downloads.number, downloads.token, {
      ...request,
      lines: [],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain("cannot take a return request");
  });

  it("checks the form with the shared schema and the items against the order", async () => {
    const { number, token } = await orderAt("shipped");
    const empty = await ask(number, token, { reason: "goodwill", message: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({
      reason: "Please choose a reason",
      message: "Please tell us what happened",
    });
    const tooMany = await ask(number, token, {
      ...request,
      lines: [
        { productId: PAPERBACK.id, quantity: 3 },
        { productId: TOTE.id, quantity: 1 },
      ],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatchObject({
      code: "return_refused",
      fields: {
        "quantity-1": "You ordered 2: please choose at most 2",
        "quantity-6": "Product 6 was not in the parcel of this order",
      },
    });
  });

  it("opens only for the order's link or account, like the other order actions", async () => {
    const { number } = await orderAt("shipped");
    expect((await ask(number, undefined, request)).statusCode).toBe(404);
    expect((await ask(number, "x".repeat(32), request)).statusCode).toBe(404);
  });

  it("takes three requests per order, then asks for an e-mail instead", async () => {
    const { number, token } = await orderAt("shipped");
    for (let index = 0; index < 3; index += 1) {
      expect((await ask(number, token, request)).statusCode).toBe(200);
    }
    const fourth = await ask(number, token, request);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error.code).toBe("return_asked");
  });

  it("is rate limited per address", async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      statuses.push((await ask("KB-999999", "y".repeat(32), request, ip)).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
  });
});
