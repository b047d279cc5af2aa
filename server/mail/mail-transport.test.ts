import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailMessage } from "#core/orders/order-emails.ts";
import { loadConfig } from "../config.ts";
import { createMailTransport, MalformedRecipientError } from "./mail-transport.ts";
import { startSmtpTestServer } from "#tests/server/smtp-test-server.ts";

const message: MailMessage = {
  kind: "order_received",
  to: "buyer@example.com",
  subject: "Your Kybernetes order KB-100042: how to pay",
  text: "Reference: KB-100042",
  html: "<p>Reference: <strong>KB-100042</strong></p>",
};

function recordingLog() {
  const lines: Array<{ details: unknown; text?: string }> = [];
  return { lines, info: (details: unknown, text?: string) => void lines.push({ details, text }) };
}

describe("SMTP", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
  });
  afterAll(() => smtp.close());

  it("sends from MAIL_FROM with a plain-text and an HTML part", async () => {
    const config = loadConfig({
      NODE_ENV: "test",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Kybernetes <orders@kybernetes.test>",
    });
    const transport = createMailTransport(config, recordingLog());
    await transport.send(message);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.from).toBe("orders@kybernetes.test");
    expect(mail?.to).toEqual(["buyer@example.com"]);
    expect(mail?.raw).toContain("From: Kybernetes <orders@kybernetes.test>");
    expect(mail?.raw).toContain("Subject: Your Kybernetes order KB-100042: how to pay");
    expect(mail?.raw).toContain("Content-Type: text/plain");
    expect(mail?.raw).toContain("Content-Type: text/html");
  });

  it.each([
    "victim,attacker@evil.example",
    "shop<attacker@evil.example>",
    "victim@example.com;attacker@evil.example",
    '"victim@example.com" <attacker@evil.example>',
  ])("never sends to a second recipient hidden in %j (issue 23)", async (to) => {
    const before = smtp.received.length;
    const transport = createMailTransport(
      loadConfig({ NODE_ENV: "test", SMTP_URL: smtp.url }),
      recordingLog(),
    );
    await expect(transport.send({ ...message, to })).rejects.toThrow(MalformedRecipientError);
    expect(smtp.received.length).toBe(before);
  });

  it("fails the send when the server refuses, so the worker can retry", async () => {
    smtp.state.refusing = true;
    try {
      const transport = createMailTransport(
        loadConfig({ NODE_ENV: "test", SMTP_URL: smtp.url }),
        recordingLog(),
      );
      await expect(transport.send(message)).rejects.toThrow(/Mailbox busy/);
    } finally {
      smtp.state.refusing = false;
    }
  });

  it("describes the server without its password", () => {
    const transport = createMailTransport(
      loadConfig({ NODE_ENV: "test", SMTP_URL: "smtps://shop:s3cret@mail.example.com:465" }),
      recordingLog(),
    );
    expect(transport.description).toBe("SMTPS mail.example.com:465");
    const plain = createMailTransport(
      loadConfig({ NODE_ENV: "test", SMTP_URL: "smtp://mail.example.com" }),
      recordingLog(),
    );
    expect(plain.description).toBe("SMTP mail.example.com");
  });
});

describe("the embedded default (no SMTP_URL)", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "mail-transport-test-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("writes each message as an .eml file under DATA_DIR/outbox and logs where, not what", async () => {
    const log = recordingLog();
    const transport = createMailTransport(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }), log);
    expect(transport.description).toBe(`.eml files in ${path.join(dataDir, "outbox")}`);

    await transport.send({ ...message, id: 42 });
    await transport.send(message);

    const files = readdirSync(path.join(dataDir, "outbox")).sort();
    expect(files).toHaveLength(2);
    expect(
      files.some((file) => /^\d{4}-\d\d-\d\dT[\d-]+Z-order_received-42\.eml$/.test(file)),
    ).toBe(true);
    const file = path.join(
      dataDir,
      "outbox",
      files.find((name) => name.endsWith("-42.eml"))!,
    );
    const eml = readFileSync(file, "utf8");
    expect(eml).toContain("Subject: Your Kybernetes order KB-100042: how to pay");
    expect(eml).toContain("To: buyer@example.com");
    expect(eml).toContain("From: Kybernetes <orders@kybernetes.com.au>");
    expect(eml).toContain("Reference: KB-100042");
    expect(eml).not.toContain("\r\n");

    expect(log.lines).toHaveLength(2);
    expect(log.lines[0]?.details).toMatchObject({
      file,
      to: "buyer@example.com",
      subject: message.subject,
    });
    expect(JSON.stringify(log.lines)).not.toContain("Reference");
  });
});
