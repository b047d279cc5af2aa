import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { contactMessages, outbox } from "../db/schema.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";
import { REQUEST_LIMITS } from "../http/request-limits.ts";

const CONTACT_RATE_LIMIT = REQUEST_LIMITS.contact;

const valid = { email: "ada@example.com", message: "Do you ship sterilisation pouches to NZ?" };

function multipart(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

let addressCounter = 0;
/** Each test posts from its own address, so the per-IP limit never leaks between tests. */
const nextAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

async function post(app: FastifyInstance, payload: object, remoteAddress = nextAddress()) {
  return app.inject({
    method: "POST",
    url: "/api/contact",
    remoteAddress,
    ...(payload instanceof FormData
      ? { payload }
      : { payload: payload as Record<string, unknown> }),
  });
}

describe("POST /api/contact", () => {
  let app: FastifyInstance;
  let database: Database;
  const storedRows = () => database.db.select().from(contactMessages);

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp({ database });
  });

  afterAll(async () => {
    await app.close();
  });

  beforeEach(async () => {
    await database.db.delete(contactMessages);
  });

  it("stores a multipart message with its time and answers 200 JSON", async () => {
    const before = Date.now();
    const response = await post(app, multipart({ email: " ada@example.com ", message: " Hi! " }));
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    expect(response.json()).toEqual({ received: true });
    const [row, ...others] = await storedRows();
    expect(others).toEqual([]);
    expect(row).toMatchObject({ email: "ada@example.com", message: "Hi!", forwardedAt: null });
    expect(row?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row?.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("e-mails each message to the shop through the outbox, answering to the sender (issue 38)", async () => {
    const response = await post(app, {
      email: "grace@example.com",
      message: "Is the <b>kit</b> in stock?",
    });
    expect(response.statusCode).toBe(200);
    const [stored] = await storedRows();
    const mails = await database.db.select().from(outbox);
    const copy = mails.find(
      (mail) => mail.kind === "contact_message" && mail.text.includes("grace@"),
    );
    expect(copy).toMatchObject({
      recipient: loadConfig({}).SHOP_NOTIFY_EMAIL,
      subject: "Contact message from grace@example.com",
      headers: { "Reply-To": "grace@example.com" },
    });
    expect(copy?.text).toContain("Is the <b>kit</b> in stock?");
    expect(copy?.html).toContain("Is the &lt;b&gt;kit&lt;/b&gt; in stock?");
    expect(copy?.text).toContain(`/admin/messages/${stored?.id}`);
  });

  it("accepts the same fields as JSON", async () => {
    const response = await post(app, valid);
    expect(response.statusCode).toBe(200);
    expect(await storedRows()).toMatchObject([valid]);
  });

  it("answers 400 with the SPEC messages per field and stores nothing", async () => {
    const empty = await post(app, multipart({ email: "", message: "   " }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      error: {
        code: "validation_failed",
        message: "Email is required",
        fields: { email: "Email is required", message: "Message is required" },
      },
    });

    const badEmail = await post(app, { ...valid, email: "ada at example.com" });
    expect(badEmail.json().error.fields).toEqual({ email: "Invalid email format" });

    const missing = await post(app, {});
    expect(missing.json().error.fields).toEqual({
      email: "Email is required",
      message: "Message is required",
    });
    expect(await storedRows()).toEqual([]);
  });

  it("takes 1000 characters and refuses 1001", async () => {
    const longest = await post(app, multipart({ ...valid, message: "é".repeat(1000) }));
    expect(longest.statusCode).toBe(200);
    const tooLong = await post(app, multipart({ ...valid, message: "x".repeat(1001) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields).toEqual({
      message: "Message must be less than 1000 characters",
    });
    expect(await storedRows()).toHaveLength(1);
  });

  it("refuses files and oversize fields without storing anything", async () => {
    const withFile = multipart(valid);
    withFile.append("attachment", new Blob(["MZ..."]), "invoice.exe");
    const file = await post(app, withFile);
    expect(file.statusCode).toBe(413);
    expect(file.json().error.code).toBe("payload_too_large");

    // Far past the field limit: cut off by the parser, then refused by the 1000 rule.
    const huge = await post(app, multipart({ ...valid, message: "x".repeat(100_000) }));
    expect(huge.statusCode).toBe(400);
    expect(await storedRows()).toEqual([]);
  });

  it("answers a filled honeypot like a success but keeps nothing", async () => {
    const bot = await post(app, multipart({ ...valid, company: "Best SEO Services" }));
    expect(bot.statusCode).toBe(200);
    expect(bot.json()).toEqual({ received: true });
    const jsonBot = await post(app, { ...valid, company: "Spam Ltd" });
    expect(jsonBot.statusCode).toBe(200);
    expect(await storedRows()).toEqual([]);

    const person = await post(app, multipart({ ...valid, company: "" }));
    expect(person.statusCode).toBe(200);
    expect(await storedRows()).toHaveLength(1);
  });

  it(`allows ${CONTACT_RATE_LIMIT.max} messages per address, then answers 429`, async () => {
    const address = nextAddress();
    for (let sent = 0; sent < CONTACT_RATE_LIMIT.max; sent++) {
      expect((await post(app, valid, address)).statusCode).toBe(200);
    }
    const limited = await post(app, valid, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect(limited.json().error.code).toBe("rate_limited");
    expect(await storedRows()).toHaveLength(CONTACT_RATE_LIMIT.max);

    // Someone else is not affected.
    expect((await post(app, valid)).statusCode).toBe(200);
  });
});

describe("POST /api/contact behind one proxy (TRUST_PROXY=1)", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", TRUST_PROXY: "1" });
    app = await createTestApp({ config });
  });

  afterAll(async () => {
    await app.close();
  });

  /** The proxy at 10.8.0.1 appends the address it saw to whatever the client wrote. */
  const throughProxy = (client: string, written: string) =>
    app.inject({
      method: "POST",
      url: "/api/contact",
      remoteAddress: "10.8.0.1",
      headers: { "x-forwarded-for": `${written}, ${client}` },
      payload: valid,
    });

  it("counts the address the proxy saw, however the client rotates X-Forwarded-For", async () => {
    const statuses: number[] = [];
    for (let sent = 1; sent <= 8; sent++) {
      statuses.push((await throughProxy("203.0.113.7", `198.51.100.${sent}`)).statusCode);
    }
    const max = CONTACT_RATE_LIMIT.max;
    expect(statuses).toEqual([
      ...Array<number>(max).fill(200),
      ...Array<number>(8 - max).fill(429),
    ]);

    // Another visitor behind the same proxy has a counter of its own.
    expect((await throughProxy("203.0.113.8", "198.51.100.1")).statusCode).toBe(200);
  });
});

interface Received {
  accept: string | undefined;
  fields: Record<string, string>;
}

/** A stand-in for the third-party form service, on 127.0.0.1. */
async function startFakeFormService() {
  const received: Received[] = [];
  let answer: "ok" | "error" | "hang" = "ok";
  const server: Server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = await new Response(Buffer.concat(chunks), {
      headers: { "content-type": String(request.headers["content-type"]) },
    }).formData();
    received.push({
      accept: request.headers.accept,
      fields: Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)])),
    });
    if (answer === "hang") return; // never answers
    response.statusCode = answer === "ok" ? 200 : 500;
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ ok: answer === "ok" }));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/f/contact`,
    received,
    answerWith: (next: typeof answer) => {
      answer = next;
    },
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

describe("POST /api/contact with CONTACT_FORWARD_URL", () => {
  let app: FastifyInstance;
  let database: Database;
  let service: Awaited<ReturnType<typeof startFakeFormService>>;

  beforeAll(async () => {
    service = await startFakeFormService();
    database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      CONTACT_FORWARD_URL: service.url,
      CONTACT_FORWARD_TIMEOUT_MS: "300",
    });
    app = await createTestApp({ database, config });
  });

  afterAll(async () => {
    await app.close();
    service.close();
  });

  beforeEach(async () => {
    service.received.length = 0;
    await database.db.delete(contactMessages);
  });

  it("forwards email and message as multipart with Accept: application/json", async () => {
    service.answerWith("ok");
    const response = await post(app, multipart(valid));
    expect(response.statusCode).toBe(200);
    expect(service.received).toEqual([{ accept: "application/json", fields: valid }]);
    const [row] = await database.db.select().from(contactMessages);
    expect(row?.forwardedAt).toBeInstanceOf(Date);
  });

  it("keeps the stored copy when the service fails", async () => {
    service.answerWith("error");
    const response = await post(app, valid);
    expect(response.statusCode).toBe(200);
    expect(service.received).toHaveLength(1);
    expect(await database.db.select().from(contactMessages)).toMatchObject([
      { ...valid, forwardedAt: null },
    ]);
  });

  it("gives up on a service that does not answer, and still keeps the message", async () => {
    service.answerWith("hang");
    const started = Date.now();
    const response = await post(app, valid);
    expect(response.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await database.db.select().from(contactMessages)).toMatchObject([
      { ...valid, forwardedAt: null },
    ]);
  });

  it("does not forward what a bot sent through the honeypot", async () => {
    service.answerWith("ok");
    await post(app, { ...valid, company: "bot" });
    expect(service.received).toEqual([]);
  });
});

describe("CONTACT_FORWARD_URL", () => {
  it("must be an http(s) address", () => {
    expect(() => loadConfig({ CONTACT_FORWARD_URL: "ftp://forms.example.com" })).toThrow(
      /CONTACT_FORWARD_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(loadConfig({ CONTACT_FORWARD_URL: "" }).CONTACT_FORWARD_URL).toBeUndefined();
  });
});
