import { createHash, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AdminOrder } from "#core/admin/admin-schemas.ts";
import { sydneyDay } from "#core/format.ts";
import type { OrderQuote, OrderView, PlacedOrder } from "#core/orders/order.ts";
import { ADDRESS } from "#tests/fixtures/addresses.ts";
import { EBOOK, PAPERBACK, TOTE } from "#tests/fixtures/catalogue.ts";
import type { Database } from "../db/client.ts";
import { auditLog, orderDownloads, outbox, productFiles } from "../db/schema.ts";
import { RESUME_WINDOW_MS } from "./download-transfers.ts";
import { uniqueIp } from "#tests/server/account-helpers.ts";
import { signUpStaff, type Staff } from "#tests/server/staff-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase, testEngines } from "#tests/server/test-database.ts";

// Issue 26: eBooks are delivered by download links, not shipped.

describe.each(testEngines())("eBooks delivered by download (%s)", (engine) => {
  let database: Database;
  let app: FastifyInstance;
  let staff: Staff;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = await createTestApp({ database });
    staff = await signUpStaff(app, database.db);
  });
  afterAll(async () => {
    await app.close();
  });

  const quote = async (lines: object[], address = { postcode: "90210", country: "USA" }) => {
    const response = await app.inject({
      method: "POST",
      url: "/api/orders/quote",
      remoteAddress: uniqueIp(),
      payload: { lines, address },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OrderQuote>();
  };

  async function place(payload: Record<string, unknown>) {
    return app.inject({
      method: "POST",
      url: "/api/orders",
      remoteAddress: uniqueIp(),
      payload: {
        idempotencyKey: randomUUID(),
        email: `reader-${randomUUID().slice(0, 8)}@example.com`,
        ...payload,
      },
    });
  }

  async function placed(payload: Record<string, unknown>): Promise<PlacedOrder> {
    const response = await place(payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PlacedOrder>();
  }

  const asStaff = (url: string, payload: object) =>
    app.inject({
      method: "POST",
      url: `/api/admin/orders/${url}`,
      headers: staff.headers,
      payload,
    });

  async function markPaid(order: { number: string; totalCents: number }, version = 0) {
    const response = await asStaff(`${order.number}/mark-paid`, {
      version,
      amount: (order.totalCents / 100).toFixed(2),
      receivedOn: sydneyDay(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminOrder>();
  }

  /** An eBook order, paid: its links are out. */
  async function paidEbookOrder() {
    const { order, accessToken } = await placed({ lines: [{ ...EBOOK, quantity: 1 }] });
    const paid = await markPaid(order);
    return { paid, accessToken };
  }

  const download = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers, remoteAddress: uniqueIp() });

  const linkRow = async (id: number) => {
    const [row] = await database.db.select().from(orderDownloads).where(eq(orderDownloads.id, id));
    return row!;
  };
  const countOf = async (id: number) => (await linkRow(id)).downloads;

  const mailsTo = (email: string, kind: string) =>
    database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.kind, kind)));

  it("charges no shipping for downloads only, and SPEC §9 shipping for a parcel beside them", async () => {
    const ebookOnly = await quote([{ ...EBOOK, quantity: 2 }]);
    expect(ebookOnly).toMatchObject({ shipsParcel: false, shippingCents: 0, freeShipping: false });
    expect(ebookOnly.lines[0]?.digital).toBe(true);
    expect(ebookOnly.totalCents).toBe(ebookOnly.itemsCents);

    const mixed = await quote([
      { ...EBOOK, quantity: 1 },
      { ...PAPERBACK, quantity: 1 },
    ]);
    expect(mixed).toMatchObject({ shipsParcel: true, shippingCents: 1000 });
    expect(mixed.lines.map((line) => [line.productId, line.digital])).toEqual([
      [EBOOK.id, true],
      [PAPERBACK.id, false],
    ]);
    expect(
      (await quote([{ ...TOTE, quantity: 1 }], { postcode: "2000", country: "Australia" }))
        .shippingCents,
    ).toBe(2000);
  });

  it("takes an order of downloads only without an address, and keeps none that was typed", async () => {
    const without = await placed({ lines: [{ ...EBOOK, quantity: 1 }] });
    expect(without.order).toMatchObject({ address: null, shippingCents: 0, shipsParcel: false });
    const typed = await placed({ lines: [{ ...EBOOK, quantity: 1 }], address: ADDRESS });
    expect(typed.order.address).toBeNull();

    const [received] = await mailsTo(without.order.email, "order_received");
    expect(received?.text).toContain("we e-mail you the download links as soon as the money");
    expect(received?.text).toContain("(delivered by download)");
    expect(received?.text).toContain("Shipping: none: delivered by download");
  });

  it("asks a parcel's buyer for the address, field by field, and stores nothing", async () => {
    const response = await place({
      lines: [
        { ...EBOOK, quantity: 1 },
        { ...TOTE, quantity: 1 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(
      expect.arrayContaining(["address.firstName", "address.street", "address.country"]),
    );
  });

  it("delivers a paid order of downloads only: links by e-mail and on its page, no shipping step", async () => {
    const { order, accessToken } = await placed({ lines: [{ ...EBOOK, quantity: 1 }] });
    const before = await app.inject({
      url: `/api/orders/${order.number}?token=${accessToken}`,
    });
    expect(before.json<OrderView>().downloads).toEqual([]);

    const paid = await markPaid(order);
    expect(paid.status).toBe("delivered");
    expect(paid.history.map((event) => event.status)).toEqual([
      "awaiting_payment",
      "paid",
      "delivered",
    ]);
    expect(paid.can).toEqual({
      markPaid: false,
      markShipped: false,
      markDelivered: false,
      cancel: true,
      refund: true,
    });
    // The test catalogue's eBook has the shop's sample EPUB and PDF.
    expect(
      paid.downloads.map((link) => [link.format, link.downloads, link.limit, link.state]),
    ).toEqual([
      ["epub", 0, 5, "ready"],
      ["pdf", 0, 5, "ready"],
    ]);
    const days = (Date.parse(paid.downloads[0]!.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const shipped = await asStaff(`${order.number}/mark-shipped`, {
      version: paid.version,
      carrier: "Australia Post",
      trackingNumber: "AP123",
    });
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().error.message).toContain("is delivered, so it cannot be marked shipped");

    const [mail] = await mailsTo(order.email, "payment_received");
    for (const link of paid.downloads) {
      expect(mail?.text).toContain(`http://localhost${link.url}`.replace("http://localhost", ""));
    }
    expect(mail?.text).toContain("Your eBooks are ready to download");
    expect(mail?.text).not.toContain("packing");

    const view = (
      await app.inject({ url: `/api/orders/${order.number}?token=${accessToken}` })
    ).json<OrderView>();
    expect(view.downloads.map((link) => link.url)).toEqual(paid.downloads.map((link) => link.url));
  });

  it("sends the file to the order's buyer with its name, whole or by range, counting downloads", async () => {
    const { paid } = await paidEbookOrder();
    const epub = paid.downloads.find((link) => link.format === "epub")!;
    const whole = await download(epub.url);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.headers["content-type"]).toBe("application/epub+zip");
    expect(whole.headers["content-disposition"]).toMatch(/^attachment; filename="[\w.-]+\.epub"/);
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.headers["cache-control"]).toContain("no-store");
    expect(whole.headers["x-robots-tag"]).toBe("noindex");
    const bytes = whole.rawPayload;
    // A valid EPUB: a ZIP whose first entry is the uncompressed `mimetype`.
    expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");
    expect(bytes.subarray(30, 38).toString("latin1")).toBe("mimetype");
    expect(bytes.subarray(38, 58).toString("latin1")).toBe("application/epub+zip");

    const first = await download(epub.url, { range: "bytes=0-99" });
    expect(first.statusCode).toBe(206);
    expect(first.headers["content-range"]).toBe(`bytes 0-99/${bytes.length}`);
    expect(first.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
    // The rest of a download just counted resumes it: not counted again.
    const rest = await download(epub.url, { range: "bytes=100-" });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(bytes.subarray(100))).toBe(true);
    const outside = await download(epub.url, { range: `bytes=${bytes.length + 10}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers["content-range"]).toBe(`bytes */${bytes.length}`);

    // The whole file and the range from its first byte: two downloads.
    expect(await countOf(epub.id)).toBe(2);
  });

  it("refuses every Range after five complete downloads, and sends nothing for it", async () => {
    const { paid } = await paidEbookOrder();
    const epub = paid.downloads.find((link) => link.format === "epub")!;
    let size = 0;
    for (let count = 1; count <= 5; count += 1) {
      const whole = await download(epub.url);
      expect(whole.statusCode).toBe(200);
      size = whole.rawPayload.length;
    }
    const tricks: Record<string, string>[] = [
      {},
      { range: "bytes=1-,0-0" },
      { range: "bytes=abc" },
      { range: "bytes= 0-" },
      { range: "bytes=5-2" },
      { range: "items=0-" },
      { range: "bytes=0-" },
      { range: "bytes=100-" },
      { range: "bytes=-100" },
      { range: `bytes=${size - 1}-` },
      { range: "bytes=100-", "if-range": '"another-file"' },
    ];
    for (const headers of tricks) {
      const refused = await download(epub.url, headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json().error.code).toBe("used_up");
      // An error, not a file: a browser must not save it under the book's name.
      expect(refused.headers["content-disposition"]).toBeUndefined();
      expect(refused.headers["content-range"]).toBeUndefined();
    }
    // Past the end there is nothing to send: 416, whatever the count.
    for (const range of [`bytes=${size}-`, `bytes=${size}-${size + 5}`, "bytes=-0"]) {
      const outside = await download(epub.url, { range });
      expect(outside.statusCode, range).toBe(416);
      expect(outside.headers["content-range"]).toBe(`bytes */${size}`);
      expect(outside.json().error.code).toBe("range_not_satisfiable");
    }
    expect(await countOf(epub.id)).toBe(5);
  });

  it("counts a malformed, foreign or multiple Range as the whole file it sends", async () => {
    const { paid } = await paidEbookOrder();
    const epub = paid.downloads.find((link) => link.format === "epub")!;
    const file = (await download(epub.url)).rawPayload;
    expect(await countOf(epub.id)).toBe(1);
    const tricks = ["bytes=1-,0-0", "bytes=abc", "bytes= 0-", "bytes=5-2"];
    for (const [index, range] of tricks.entries()) {
      const sent = await download(epub.url, { range });
      expect(sent.statusCode, range).toBe(200);
      expect(sent.headers["content-range"], range).toBeUndefined();
      expect(sent.rawPayload.equals(file), range).toBe(true);
      expect(await countOf(epub.id), range).toBe(index + 2);
    }
    // The limit reached, the next trick and a plain download are refused alike.
    expect((await download(epub.url, { range: "items=0-" })).statusCode).toBe(403);
    expect((await download(epub.url)).statusCode).toBe(403);
  });

  it("counts a range after a transfer that sent the rest of the file: that is no resume", async () => {
    const { paid } = await paidEbookOrder();
    const epub = paid.downloads.find((link) => link.format === "epub")!;
    const file = (await download(epub.url)).rawPayload;
    const tail = await download(epub.url, { range: "bytes=100-" });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(file.subarray(100))).toBe(true);
    expect(await countOf(epub.id)).toBe(2);
    // Nor after a part that ran to the end.
    expect((await download(epub.url, { range: "bytes=200-" })).statusCode).toBe(206);
    expect((await download(epub.url, { range: `bytes=-50` })).statusCode).toBe(206);
    expect(await countOf(epub.id)).toBe(4);
  });

  it("continues a download made of parts uncounted only from where the last part stopped", async () => {
    const { paid } = await paidEbookOrder();
    const epub = paid.downloads.find((link) => link.format === "epub")!;
    const part = (range: string) => download(epub.url, { range });

    // bytes=0-999 stops at 1000; a resume may start up to half of it earlier (bytes in flight).
    expect((await part("bytes=0-999")).statusCode).toBe(206);
    expect((await part("bytes=1001-1999")).statusCode).toBe(206); // past the stop: counted
    expect(await countOf(epub.id)).toBe(2);
    expect((await part("bytes=1000-")).statusCode).toBe(206); // stopped at the end: no point
    expect((await part("bytes=1000-")).statusCode).toBe(206);
    expect(await countOf(epub.id)).toBe(4);

    // A link with one download left: the parts that continue each other cost that one.
    await database.db
      .update(orderDownloads)
      .set({ downloads: 0 })
      .where(eq(orderDownloads.id, epub.id));
    expect((await part("bytes=0-999")).statusCode).toBe(206);
    expect((await part("bytes=499-")).statusCode).toBe(206); // before the slack: counted
    expect(await countOf(epub.id)).toBe(2);
    expect((await part("bytes=0-999")).statusCode).toBe(206);
    const second = await part("bytes=500-1999");
    expect(second.statusCode).toBe(206);
    expect(second.headers["content-range"]).toMatch(/^bytes 500-1999\//);
    const third = await part("bytes=2000-");
    expect(third.statusCode).toBe(206);
    expect(await countOf(epub.id)).toBe(3);
    // The last part reached the end: the same range again is a new download.
    expect((await part("bytes=2000-")).statusCode).toBe(206);
    expect(await countOf(epub.id)).toBe(4);
  });

  it("counts a resume after RESUME_WINDOW_MS, and lets one request only take a resume point", async () => {
    const { paid } = await paidEbookOrder();
    const epub = paid.downloads.find((link) => link.format === "epub")!;
    expect((await download(epub.url, { range: "bytes=0-999" })).statusCode).toBe(206);
    await database.db
      .update(orderDownloads)
      .set({ resumeStoppedAt: new Date(Date.now() - RESUME_WINDOW_MS - 1000) })
      .where(eq(orderDownloads.id, epub.id));
    expect((await download(epub.url, { range: "bytes=1000-" })).statusCode).toBe(206);
    expect(await countOf(epub.id)).toBe(2);

    expect((await download(epub.url, { range: "bytes=0-999" })).statusCode).toBe(206);
    const both = await Promise.all([
      download(epub.url, { range: "bytes=1000-" }),
      download(epub.url, { range: "bytes=1000-" }),
    ]);
    expect(both.map((answer) => answer.statusCode)).toEqual([206, 206]);
    // One resumed the part before (3 counted so far); the other was a new download.
    expect(await countOf(epub.id)).toBe(4);
  });

  it("lets two downloads at once past the limit only one at a time", async () => {
    const { paid } = await paidEbookOrder();
    const epub = paid.downloads.find((link) => link.format === "epub")!;
    await database.db
      .update(orderDownloads)
      .set({ downloads: 4 })
      .where(eq(orderDownloads.id, epub.id));
    const answers = await Promise.all([
      download(epub.url),
      download(epub.url, { range: "bytes=0-" }),
      download(epub.url, { range: "bytes=abc" }),
    ]);
    // Whichever wins is served (a 200, or a 206 for `bytes=0-`); the other two are refused.
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 403)).toHaveLength(2);
    expect(statuses.filter((status) => status !== 403)).toEqual([
      expect.toSatisfy((status: number) => status === 200 || status === 206),
    ]);
    expect(await countOf(epub.id)).toBe(5);
  });

  it("sends the whole file, counted, when If-Range names another version of it", async () => {
    const { paid } = await paidEbookOrder();
    const epub = paid.downloads.find((link) => link.format === "epub")!;
    const whole = await download(epub.url, { range: "bytes=0-9" });
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const same = await download(epub.url, { range: "bytes=10-", "if-range": etag });
    expect(same.statusCode).toBe(206);
    expect(await countOf(epub.id)).toBe(1);
    const older = await download(epub.url, { range: "bytes=10-", "if-range": '"older"' });
    expect(older.statusCode).toBe(200);
    expect(older.headers["content-range"]).toBeUndefined();
    expect(await countOf(epub.id)).toBe(2);
  });

  it("answers HEAD with the file's size and counts nothing", async () => {
    const { paid } = await paidEbookOrder();
    const epub = paid.downloads.find((link) => link.format === "epub")!;
    const head = await app.inject({
      method: "HEAD",
      url: epub.url,
      headers: { range: "bytes=99999999-" },
      remoteAddress: uniqueIp(),
    });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    const size = Number(head.headers["content-length"]);
    expect(await countOf(epub.id)).toBe(0);
    expect((await download(epub.url)).rawPayload.length).toBe(size);
    await database.db
      .update(orderDownloads)
      .set({ downloads: 5 })
      .where(eq(orderDownloads.id, epub.id));
    const usedUp = await app.inject({ method: "HEAD", url: epub.url, remoteAddress: uniqueIp() });
    expect(usedUp.statusCode).toBe(403);
  });

  it("resumes a download cut off on the network uncounted, once, from where it stopped", async () => {
    const { paid } = await paidEbookOrder();
    const pdf = paid.downloads.find((link) => link.format === "pdf")!;
    // Larger than the socket's buffers, so the server is still sending when the reader leaves.
    const where = and(eq(productFiles.productId, EBOOK.id), eq(productFiles.format, "pdf"));
    const [before] = await database.db.select().from(productFiles).where(where);
    // 2 MiB the database makes itself (PGlite is slow to take that many bytes as a parameter):
    // the SHA-256 of each 4-byte big-endian number from 1, one after another.
    const hashes = (2 * 1024 * 1024) / 32;
    const big = Buffer.concat(
      Array.from({ length: hashes }, (_, index) => {
        const number = Buffer.alloc(4);
        number.writeInt32BE(index + 1);
        return createHash("sha256").update(number).digest();
      }),
    );
    const made = sql`(select string_agg(sha256(int4send(n)), ''::bytea order by n) from generate_series(1, ${hashes}) as n)`;
    await database.db
      .update(productFiles)
      .set({
        bytes: made,
        size: big.length,
        sha256: createHash("sha256").update(big).digest("hex"),
      })
      .where(where);
    // A local socket: a real connection, with buffers far smaller than TCP's on loopback.
    const socketPath = path.join(await mkdtemp(path.join(tmpdir(), "kb-downloads-")), "http.sock");
    try {
      await app.listen({ path: socketPath });
      // A reader that goes away after 1 MiB.
      const received = await new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        let got = 0;
        const asked = http.get({ socketPath, path: pdf.url }, (response) => {
          if (response.statusCode !== 200) reject(new Error(`status ${response.statusCode}`));
          response.on("data", (chunk: Buffer) => {
            chunks.push(chunk);
            got += chunk.length;
            if (got >= 1024 * 1024 && !asked.destroyed) {
              asked.destroy();
              resolve(Buffer.concat(chunks));
            }
          });
        });
        asked.on("error", (error) => {
          if (!asked.destroyed) reject(error);
        });
      });
      expect(received.equals(big.subarray(0, received.length))).toBe(true);
      const cut = await vi.waitFor(
        async () => {
          const row = await linkRow(pdf.id);
          expect(row.resumeFrom).not.toBeNull();
          return row;
        },
        { timeout: 5000 },
      );
      expect(cut.downloads).toBe(1);
      // The server sent at least what arrived, and allows for what was lost on the way.
      expect(cut.resumeFrom).toBeGreaterThanOrEqual(received.length);
      expect(cut.resumeFrom).toBeLessThan(big.length);
      expect(cut.resumeFrom! - cut.resumeSlack!).toBeLessThanOrEqual(received.length);

      const rest = await download(pdf.url, { range: `bytes=${received.length}-` });
      expect(rest.statusCode).toBe(206);
      expect(rest.headers["content-range"]).toBe(
        `bytes ${received.length}-${big.length - 1}/${big.length}`,
      );
      expect(Buffer.concat([received, rest.rawPayload]).equals(big)).toBe(true);
      expect(await countOf(pdf.id)).toBe(1);
      // That resume sent the rest: the same range again is a new download.
      const again = await download(pdf.url, { range: `bytes=${received.length}-` });
      expect(again.statusCode).toBe(206);
      expect(await countOf(pdf.id)).toBe(2);
    } finally {
      await database.db
        .update(productFiles)
        .set({ bytes: before!.bytes, size: before!.size, sha256: before!.sha256 })
        .where(where);
      await rm(path.dirname(socketPath), { recursive: true, force: true });
    }
  });

  it("refuses strangers: another order's token, no token, or a made-up link", async () => {
    const { paid } = await paidEbookOrder();
    const other = await paidEbookOrder();
    const url = paid.downloads[0]!.url;
    const secret = url.slice("/downloads/".length, url.indexOf("?"));
    for (const attempt of [
      `/downloads/${secret}?token=${other.accessToken}`,
      `/downloads/${secret}`,
      `/downloads/${secret}?token=not-a-token`,
      `/downloads/${"x".repeat(32)}?token=${other.accessToken}`,
    ]) {
      const response = await download(attempt, { accept: "text/html" });
      expect(response.statusCode, attempt).toBe(404);
      expect(response.json().error.code).toBe("not_found");
    }
    const [row] = await database.db
      .select()
      .from(orderDownloads)
      .where(eq(orderDownloads.id, paid.downloads[0]!.id));
    expect(row?.downloads).toBe(0);
  });

  it("stops an expired link; the buyer's fresh one works and the old address does not", async () => {
    const { paid, accessToken } = await paidEbookOrder();
    const epub = paid.downloads[0]!;
    await database.db
      .update(orderDownloads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orderDownloads.id, epub.id));

    const expired = await download(epub.url);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe("expired");
    // A person's browser goes back to the order's page, which says why.
    const person = await download(epub.url, { accept: "text/html,application/xhtml+xml" });
    expect(person.statusCode).toBe(303);
    expect(person.headers.location).toBe(
      `/orders/${paid.number}?token=${accessToken}&download=expired`,
    );
    const view = (
      await app.inject({ url: `/api/orders/${paid.number}?token=${accessToken}` })
    ).json<OrderView>();
    expect(view.downloads[0]?.state).toBe("expired");

    const stranger = await app.inject({
      method: "POST",
      url: `/api/orders/${paid.number}/downloads/${epub.id}/renew?token=${"y".repeat(32)}`,
    });
    expect(stranger.statusCode).toBe(404);
    const renewed = await app.inject({
      method: "POST",
      url: `/api/orders/${paid.number}/downloads/${epub.id}/renew?token=${accessToken}`,
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json<OrderView>().downloads.find((link) => link.id === epub.id)!;
    expect(fresh.state).toBe("ready");
    expect(fresh.url).not.toBe(epub.url);
    expect((await download(fresh.url)).statusCode).toBe(200);
    expect((await download(epub.url)).statusCode).toBe(404);
  });

  it("allows DOWNLOAD_LIMIT downloads; staff reset the count, and the reset is audited", async () => {
    const { paid } = await paidEbookOrder();
    const pdf = paid.downloads.find((link) => link.format === "pdf")!;
    for (let count = 1; count <= 5; count += 1) {
      expect((await download(pdf.url)).statusCode).toBe(200);
    }
    const sixth = await download(pdf.url);
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json().error.code).toBe("used_up");

    const order = (
      await app.inject({ url: `/api/admin/orders/${paid.number}`, headers: staff.headers })
    ).json<AdminOrder>();
    expect(order.downloads.find((link) => link.id === pdf.id)).toMatchObject({
      downloads: 5,
      state: "used_up",
    });
    const stale = await asStaff(`${paid.number}/reset-download`, {
      version: order.version - 1,
      download: pdf.id,
    });
    expect(stale.statusCode).toBe(409);
    const missing = await asStaff(`${paid.number}/reset-download`, {
      version: order.version,
      download: 999_999,
    });
    expect(missing.statusCode).toBe(404);
    const reset = await asStaff(`${paid.number}/reset-download`, {
      version: order.version,
      download: pdf.id,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json<AdminOrder>().downloads.find((link) => link.id === pdf.id)?.downloads).toBe(
      0,
    );
    expect((await download(pdf.url)).statusCode).toBe(200);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "order.reset_downloads"), eq(auditLog.entityId, paid.number)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.details).toMatchObject({
      format: "pdf",
      before: { downloads: 5 },
      after: { downloads: 0 },
    });
    expect(entry?.actorName).toBe(staff.username);
  });

  it("closes a refunded order's links and tells the buyer so", async () => {
    const { paid, accessToken } = await paidEbookOrder();
    const url = paid.downloads[0]!.url;
    const cancelled = await asStaff(`${paid.number}/cancel`, {
      version: paid.version,
      reason: "Refunded at the buyer's request",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<AdminOrder>().downloads).toEqual([]);
    const refused = await download(url);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().error.code).toBe("revoked");
    const person = await download(url, { accept: "text/html" });
    expect(person.headers.location).toBe(
      `/orders/${paid.number}?token=${accessToken}&download=revoked`,
    );
    const [mail] = await mailsTo(paid.email, "order_cancelled");
    expect(mail?.text).toContain("We will refund it within 7–10 business days");
    expect(mail?.text).toContain("Its download links no longer work.");
  });

  it("sends a mixed order's links once paid and still ships its parcel", async () => {
    const { order, accessToken } = await placed({
      lines: [
        { ...EBOOK, quantity: 1 },
        { ...TOTE, quantity: 1 },
      ],
      address: ADDRESS,
    });
    expect(order).toMatchObject({ shipsParcel: true, shippingCents: 2000 });
    const paid = await markPaid(order);
    expect(paid.status).toBe("paid");
    expect(paid.downloads).toHaveLength(2);
    expect((await download(paid.downloads[0]!.url)).statusCode).toBe(200);
    const [mail] = await mailsTo(order.email, "payment_received");
    expect(mail?.text).toContain("We are packing your order now");
    expect(mail?.text).toContain("YOUR DOWNLOADS");

    const shipped = await asStaff(`${order.number}/mark-shipped`, {
      version: paid.version,
      carrier: "Australia Post",
      trackingNumber: "AP123",
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json<AdminOrder>().status).toBe("shipped");
    // Shipping the parcel leaves the eBooks' links working.
    const view = (
      await app.inject({ url: `/api/orders/${order.number}?token=${accessToken}` })
    ).json<OrderView>();
    expect(view.downloads).toHaveLength(2);
  });

  it("lists a signed-in buyer's working links with their orders", async () => {
    const { paid } = await paidEbookOrder();
    // A guest's order: in no account's list.
    const list = await app.inject({ url: "/api/orders", headers: staff.headers });
    expect(list.statusCode).toBe(200);
    const numbers = list.json<{ orders: { number: string }[] }>().orders.map((o) => o.number);
    expect(numbers).not.toContain(paid.number);

    const { order } = await placed({ lines: [{ ...EBOOK, quantity: 1 }] });
    const mine = await app.inject({
      method: "POST",
      url: "/api/orders",
      headers: staff.headers,
      remoteAddress: uniqueIp(),
      payload: {
        idempotencyKey: randomUUID(),
        email: staff.email,
        lines: [{ ...EBOOK, quantity: 1 }],
      },
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const own = mine.json<PlacedOrder>().order;
    await markPaid(own);
    const listed = (await app.inject({ url: "/api/orders", headers: staff.headers })).json<{
      orders: { number: string; downloads: { format: string; url: string }[] }[];
    }>();
    const row = listed.orders.find((entry) => entry.number === own.number);
    expect(row?.downloads.map((link) => link.format)).toEqual(["epub", "pdf"]);
    expect(listed.orders.some((entry) => entry.number === order.number)).toBe(false);
    expect((await download(row!.downloads[0]!.url)).statusCode).toBe(200);
  });

  it("delivers an order with nothing to pay at once, as it is placed", async () => {
    const setPrice = async (priceCents: number) => {
      const product = (
        await app.inject({ url: `/api/admin/products/${EBOOK.id}`, headers: staff.headers })
      ).json<{ version: number; priceCents: number }>();
      const changed = await app.inject({
        method: "PATCH",
        url: `/api/admin/products/${EBOOK.id}`,
        headers: staff.headers,
        payload: { version: product.version, priceCents },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      return product.priceCents;
    };
    const price = await setPrice(0);
    try {
      const { order } = await placed({ lines: [{ ...EBOOK, quantity: 1 }] });
      expect(order).toMatchObject({ totalCents: 0, status: "delivered", payment: null });
      expect(order.history.map((event) => event.status)).toEqual([
        "awaiting_payment",
        "paid",
        "delivered",
      ]);
      expect(order.downloads.map((link) => link.format)).toEqual(["epub", "pdf"]);
      const [mail] = await mailsTo(order.email, "payment_received");
      expect(mail?.subject).toBe(`Your Kybernetes order ${order.number}: your downloads`);
      expect(mail?.text).toContain("there is nothing to pay");
      expect(await mailsTo(order.email, "order_received")).toHaveLength(0);
      expect((await download(order.downloads[0]!.url)).statusCode).toBe(200);
    } finally {
      await setPrice(price);
    }
  });

  it("answers 429 to one address asking for more than 30 downloads a minute", async () => {
    const from = uniqueIp();
    const ask = () =>
      app.inject({
        url: `/downloads/${"z".repeat(32)}?token=${"t".repeat(32)}`,
        remoteAddress: from,
      });
    for (let count = 1; count <= 30; count += 1) expect((await ask()).statusCode).toBe(404);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBeTruthy();
  });
});
