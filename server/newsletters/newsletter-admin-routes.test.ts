import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTokenService } from "../accounts/tokens.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { outbox, users } from "../db/schema.ts";
import { createMailTransport } from "../mail/mail-transport.ts";
import { createMailWorker } from "../mail/mail-worker.ts";
import { createNewsletterSender } from "./newsletter-sender.ts";
import {
  accountDetails,
  bearer,
  linkFromMail,
  post,
  signUp,
} from "#tests/server/account-helpers.ts";
import { withSlugs } from "#core/catalog/shop-product.ts";
import { testCatalogue } from "#tests/fixtures/catalogue.ts";
import { startSmtpTestServer } from "#tests/server/smtp-test-server.ts";
import { signUpStaff, type Staff } from "#tests/server/staff-helpers.ts";
import { createTestApp, TEST_HASH_COST } from "#tests/server/test-app.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";

const SECRET = "newsletter tests sign with this secret, 32+ characters";
const decodeQuotedPrintable = (part: string) =>
  Buffer.from(
    part
      .replace(/=\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

describe("newsletters in the back office", () => {
  let database: Database;
  let app: FastifyInstance;
  let staff: Staff;
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp({ database, auth: { secret: SECRET, hashCost: TEST_HASH_COST } });
    staff = await signUpStaff(app, database.db);
    smtp = await startSmtpTestServer();
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    app.inject({ method, url: `/api/admin${url}`, headers: staff.headers, payload });

  async function subscriber() {
    const account = await signUp(app);
    await app.inject({
      method: "PUT",
      url: "/api/Subscribe-mailing-list",
      headers: bearer(account.token),
    });
    const { token } = await linkFromMail(database.db, account.email, "confirm_subscription");
    await post(app, "/api/confirm-subscription", { token });
    return account;
  }

  it("refuses a draft without a subject, naming the field", async () => {
    const response = await call("POST", "/newsletters", { subject: " ", body: "Hello" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.subject).toBe("Subject is required");
  });

  it("saves drafts with versions, previews both parts, and refuses a stale save", async () => {
    const slug = withSlugs(testCatalogue.products)[0]?.slug ?? "";
    const created = await call("POST", "/newsletters", {
      subject: "New in the shop",
      preheader: "Three new books",
      body: `Hello **readers**.\n\n[product: ${slug}]\n\n<img src=x onerror=alert(1)>`,
    });
    expect(created.statusCode).toBe(201);
    const draft = created.json();
    expect(draft).toMatchObject({ status: "draft", version: 0 });

    const edited = await call("PUT", `/newsletters/${draft.id}`, {
      subject: "New in the shop this spring",
      preheader: draft.preheader,
      body: draft.body,
      version: 0,
    });
    expect(edited.json()).toMatchObject({ version: 1, subject: "New in the shop this spring" });
    const stale = await call("PUT", `/newsletters/${draft.id}`, { ...draft, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe("newsletter_changed");

    const preview = await call("POST", "/newsletters/preview", {
      subject: "New in the shop",
      body: `[product: ${slug}]\n\n[product: no-such-thing]\n\n<img src=x onerror=alert(1)>`,
    });
    const { html, text, missingProducts } = preview.json();
    expect(missingProducts).toEqual(["no-such-thing"]);
    expect(html).toContain(`/products/${slug}`);
    expect(html).toContain(`/pictures/sharing/${slug}.jpg`);
    expect(html).not.toContain("<img src=x");
    expect(text).toContain(`/products/${slug}`);
    expect(text).toMatch(/Kybernetes Pty Ltd · ABN 83 824 753 559/);
  });

  it("sends a test to the staff member's own address", async () => {
    const created = await call("POST", "/newsletters", { subject: "Try me", body: "Hi" });
    const sent = await call("POST", `/newsletters/${created.json().id}/test`);
    expect(sent.json()).toEqual({ ok: true, to: staff.email });
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, "newsletter_test"));
    expect(mail).toMatchObject({ recipient: staff.email, subject: "[Test] Try me" });
  });

  it("refuses to send a newsletter whose product card names nothing on sale", async () => {
    const created = await call("POST", "/newsletters", {
      subject: "Oops",
      body: "[product: retired-long-ago]",
    });
    const response = await call("POST", `/newsletters/${created.json().id}/send`, {
      version: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("product_not_found");
  });

  it("delivers each subscriber a message with the Spam Act's details and RFC 8058 headers; one POST unsubscribes", async () => {
    const reader = await subscriber();
    const created = await call("POST", "/newsletters", {
      subject: "Spring news",
      body: "Our meetup is back.",
    });
    const sending = await call("POST", `/newsletters/${created.json().id}/send`, { version: 0 });
    expect(sending.json()).toMatchObject({ ok: true, newsletter: { status: "sending" } });
    const again = await call("POST", `/newsletters/${created.json().id}/send`, { version: 1 });
    expect(again.statusCode).toBe(409);

    const config = loadConfig({ NODE_ENV: "test", SMTP_URL: smtp.url });
    await createNewsletterSender({
      db: database.db,
      auth: createTokenService(SECRET),
      siteUrl: config.siteUrl,
      findProduct: () => undefined,
      perMinute: 60,
    }).runOnce();
    await createMailWorker({
      db: database.db,
      transport: createMailTransport(config, quietLog),
      log: quietLog,
    }).runOnce();

    const raw =
      smtp.received.find(
        (mail) => mail.to.includes(reader.email) && mail.raw.includes("Subject: Spring news"),
      )?.raw ?? "";
    const unfolded = raw.replace(/\r/g, "").replace(/\n[ \t]+/g, " ");
    const header = /^List-Unsubscribe: <(https?:\/\/[^>]+)>$/m.exec(unfolded)?.[1] ?? "";
    expect(header).toMatch(/\/api\/unsubscribe\?token=/);
    // The one-click link alone: a mailto: would go to a mailbox nobody reads (decision 035).
    expect(unfolded).not.toMatch(/^List-Unsubscribe:.*mailto:/im);
    expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    const boundary = /boundary="([^"]+)"/.exec(unfolded)?.[1] ?? "";
    const textPart = unfolded.split(`--${boundary}`).find((part) => /text\/plain/.test(part));
    const plain = decodeQuotedPrintable(textPart?.split("\n\n").slice(1).join("\n\n") ?? "");
    expect(plain).toContain("Our meetup is back.");
    expect(plain).toMatch(/subscribed to the Kybernetes mailing list on/);
    expect(plain).toMatch(/ABN 83 824 753 559/);

    const { pathname, search } = new URL(header);
    const response = await app.inject({
      method: "POST",
      url: `${pathname}${search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(response.statusCode).toBe(200);
    expect((await accountDetails(app, reader.token)).json().subscribed).toBe(false);

    const listed = (await call("GET", "/newsletters")).json();
    expect(listed.newsletters[0]).toMatchObject({
      subject: "Spring news",
      counts: { recipients: 1, sent: 1, failed: 0, unsubscribedSince: 1 },
    });
    expect(listed.newsletters[0].body).toBeUndefined();
    const [row] = await database.db.select().from(users).where(eq(users.email, reader.email));
    expect(row?.subscribed).toBe(false);
  });
});
