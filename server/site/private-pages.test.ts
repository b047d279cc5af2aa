import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeOrder } from "#tests/server/order-helpers.ts";
import { createBuiltSiteApp, isBuilt } from "#tests/server/built-site.ts";

// Pages that show one person's data, as the server answers them from the real build (issue 34).
describe.skipIf(!isBuilt)("pages with personal data over the built site", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createBuiltSiteApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string) =>
    app.inject({ method: "GET", url, headers: { "x-forwarded-for": "10.7.7.8" } });

  it("are kept by no browser, proxy or CDN: an order, its invoice, their data and the account", async () => {
    const { order, accessToken } = await placeOrder(app);
    const token = encodeURIComponent(accessToken);
    const order_ = `/orders/${order.number}`;
    for (const url of [
      `${order_}?token=${token}`,
      `${order_}.data?token=${token}`,
      `${order_}/invoice?token=${token}`,
      `${order_}/invoice.data?token=${token}`,
      "/account",
      "/account.data",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("no-store");
      expect(response.headers["x-robots-tag"], url).toContain("noindex");
    }
    // The order's page says whose order it is: the reason for all of the above.
    expect((await get(`${order_}?token=${token}`)).body).toContain(order.email);
  });

  it("answer an order number past the database's range as any order the link does not open", async () => {
    // The server opens no order with this link, so the page is left to the browser, which
    // may hold the owner's login (app/features/orders/load-order.ts); it was a 500 before.
    const token = "t".repeat(32);
    for (const url of [
      `/orders/KB-2147483648?token=${token}`,
      `/orders/KB-99999999999/invoice?token=${token}`,
      `/orders/KB-2147483648.data?token=${token}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("no-store");
      expect(response.body, url).not.toContain("Something went wrong");
    }
  });
});
