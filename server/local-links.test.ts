import { randomBytes } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startProcess, stopProcess } from "../bench/lib/processes.ts";

/** Quoted-printable as Nodemailer writes it, enough to read a link back. */
const unquote = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * `npm start` with no configuration at all (issue 34): links go to the address the server
 * listens on, whatever Host a request claims, and the start says so once.
 */
describe("links without SITE_URL", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "local-links-"));
  const logFile = path.join(dataDir, "..", `${path.basename(dataDir)}.log`);
  let port: number;
  let server: ChildProcess;
  // A request's own claim of where it was sent: anyone can send this.
  const forged = { host: "evil.example", "x-forwarded-host": "evil.example" };

  beforeAll(async () => {
    port = await freePort();
    server = await startProcess(
      "tests/server/api-only-server.ts",
      {
        PORT: String(port),
        HOST: "0.0.0.0",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        REDIS_URL: "",
        SITE_URL: "",
        SMTP_URL: "",
        NODE_ENV: "production",
        LOG_LEVEL: "info",
        LOG_SYNC: "true",
        JOB_INTERVAL_MS: "100",
      },
      `http://127.0.0.1:${port}/api/ready`,
      { stdoutFile: logFile },
    );
  }, 90_000);

  afterAll(async () => {
    if (server) await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(logFile, { force: true });
  });

  it("says once at the start that e-mailed links point at this machine", () => {
    const lines = readFileSync(logFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; siteUrl?: string });
    const notices = lines.filter((line) => line.msg.startsWith("SITE_URL is not set"));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ level: 40, siteUrl: `http://localhost:${port}` });
    expect(notices[0]?.msg).toContain(`point at http://localhost:${port}, this machine`);
  });

  it("e-mails links to the listening address, not the request's Host", async () => {
    const username = `links${randomBytes(3).toString("hex")}`;
    const email = `${username}@example.com`;
    const signup = await fetch(`http://127.0.0.1:${port}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json", ...forged },
      body: JSON.stringify({ username, email, password: "correct horse 1" }),
    });
    expect([201, 202]).toContain(signup.status);
    // The mail worker writes the message (a link to verify the address, or to finish signing
    // up) to DATA_DIR/outbox within a few job intervals.
    const mailTo = () => {
      const outbox = path.join(dataDir, "outbox");
      let files: string[] = [];
      try {
        files = readdirSync(outbox);
      } catch {
        // nothing written yet
      }
      return files
        .map((name) => unquote(readFileSync(path.join(outbox, name), "utf8")))
        .find((mail) => mail.includes(`To: ${email}`));
    };
    await expect.poll(mailTo, { timeout: 15_000, interval: 100 }).toBeTruthy();
    const text = mailTo() ?? "";
    const links = [...text.matchAll(/https?:\/\/[^\s"<>]+\?token=/g)].map(([link]) => link);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(new RegExp(`^http://localhost:${port}/`));
    expect(text).not.toContain("evil.example");
  });

  it("gives an assistant a checkout link on the listening address", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...forged,
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "create_checkout_link", arguments: { lines: [{ id: 1, quantity: 1 }] } },
      }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { result: { structuredContent: { url: string } } };
    expect(body.result.structuredContent.url).toBe(`http://localhost:${port}/checkout?cart=1:1`);
  });
});
