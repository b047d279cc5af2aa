import type { OrderQuote, OrderView } from "#core/orders/order.ts";

/** Orders as the API answers them, for the order pages' tests. */
export const sampleQuote: OrderQuote = {
  lines: [
    {
      productId: 7,
      type: "Paperback",
      name: "Salt Water Circuit",
      sku: null,
      isbn: "978-0-6450001-7-2",
      unitCents: 2299,
      quantity: 2,
      lineCents: 4598,
      ageRestricted: false,
    },
  ],
  itemsCents: 4598,
  shippingCents: 2000,
  freeShipping: false,
  totalCents: 6598,
  gstCents: 600,
};

export const sampleOrder: OrderView = {
  ...sampleQuote,
  number: "KB-100042",
  status: "awaiting_payment",
  email: "ada@example.com",
  address: {
    firstName: "Ada",
    surname: "Lovelace",
    street: "1 Analytical Way",
    city: "Sydney",
    postcode: "2000",
    country: "Australia",
  },
  note: "Leave it at the door",
  createdAt: "2026-11-23T00:00:00.000Z",
  adultDeclaredAt: null,
  history: [{ status: "awaiting_payment", at: "2026-11-23T00:00:00.000Z", note: null }],
  shipment: null,
  payment: {
    accountName: "Kybernetes Pty Ltd",
    bsb: "000-000",
    accountNumber: "0000 0000",
    amountCents: 6598,
    reference: "KB-100042",
    payBy: "2026-11-30T00:00:00.000Z",
    placeholder: true,
  },
  canCancel: true,
};

type Handler = (request: { body: unknown; url: URL; headers: Headers }) => unknown;

/**
 * A `fetch` that answers per API call ("POST /orders/quote", "GET /orders/KB-100042"; the query
 * string is not part of the name) with the handler's value as JSON, or with the Response it
 * returns. Unlisted calls answer 404. Use with `vi.spyOn(globalThis, "fetch")`.
 */
export function apiAnswers(routes: Record<string, Handler>): typeof globalThis.fetch {
  return async (input, init) => {
    const url = new URL(String(input), "http://shop.test");
    const handler = routes[`${init?.method ?? "GET"} ${url.pathname.replace(/^\/api/, "")}`];
    if (!handler) return json(404, { error: { code: "not_found", message: "Not found" } });
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = await handler({ body, url, headers: new Headers(init?.headers) });
    return answer instanceof Response ? answer : json(200, answer);
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}
