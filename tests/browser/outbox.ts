import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

/**
 * The e-mail the test server "sent": without SMTP_URL the mail worker writes each message to
 * `$E2E_DATA_DIR/outbox/<time>-<kind>-<id>.eml` (playwright.config.ts sets the folder).
 */
export interface OutboxMail {
  file: string;
  /** What it is: `order_received`, `verify_email`, `mailing_list_welcome`, … */
  kind: string;
  /** Header names in lower case, folded lines joined. */
  headers: Record<string, string>;
  /** The plain-text part, decoded. */
  text: string;
  /** The HTML part, decoded. */
  html: string;
}

function outboxFolder(): string {
  return path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
}

/** Quoted-printable (RFC 2045) as Nodemailer writes it: soft breaks and `=XX` bytes. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, "\n");
  const end = normalised.indexOf("\n\n");
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? "" : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers["content-transfer-encoding"] ?? "").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64")
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** Reads one .eml file: its headers and its text and HTML parts. */
export function parseMail(file: string, raw: string): OutboxMail {
  const { headers, body } = splitHeaders(raw);
  const kind = /Z-(.+)-[^-]+\.eml$/.exec(path.basename(file))?.[1] ?? "";
  const parts = { text: "", html: "" };
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  const sections = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((section) => splitHeaders(section.replace(/^\n/, "")))
    : [{ headers, body }];
  for (const section of sections) {
    const type = (section.headers["content-type"] ?? "text/plain").toLowerCase();
    const decoded = decodeBody(section.headers, section.body);
    if (type.startsWith("text/html")) parts.html = decoded;
    else if (type.startsWith("text/plain")) parts.text = decoded;
  }
  return { file, kind, headers, ...parts };
}

// A .eml appears whole (the server renames it into place) and never changes: each is read once.
const read = new Map<string, OutboxMail>();

/** Every message in the outbox so far, oldest first. */
export function outboxMails(): OutboxMail[] {
  let files: string[];
  try {
    files = readdirSync(outboxFolder());
  } catch {
    return [];
  }
  return files
    .filter((file) => file.endsWith(".eml"))
    .sort()
    .map((file) => {
      const full = path.join(outboxFolder(), file);
      const mail = read.get(full) ?? parseMail(file, readFileSync(full, "utf8"));
      read.set(full, mail);
      return mail;
    });
}

export interface MailQuery {
  kind?: string;
  /** The recipient's address (exact, ignoring case). */
  to?: string;
  /** Text the plain-text part contains. */
  contains?: string;
}

function matches(mail: OutboxMail, { kind, to, contains }: MailQuery): boolean {
  return (
    (kind === undefined || mail.kind === kind) &&
    (to === undefined || (mail.headers.to ?? "").toLowerCase() === to.toLowerCase()) &&
    (contains === undefined || mail.text.includes(contains))
  );
}

/** The newest message that matches, if the worker has written one yet. */
export function findMail(query: MailQuery): OutboxMail | undefined {
  return outboxMails()
    .filter((mail) => matches(mail, query))
    .at(-1);
}

/** How many messages match. */
export function countMails(query: MailQuery): number {
  return outboxMails().filter((mail) => matches(mail, query)).length;
}

/** Waits for the mail worker (every JOB_INTERVAL_MS) to write a matching message. */
export async function waitForMail(query: MailQuery, timeout = 15_000): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(() => (found = findMail(query)), {
      message: `an e-mail ${JSON.stringify(query)} in the outbox`,
      timeout,
      // Every 100 ms, not backing off to a second: the worker writes within JOB_INTERVAL_MS.
      intervals: [100],
    })
    .toBeTruthy();
  return found as OutboxMail;
}

/**
 * The site-relative address of the message's link to `page` (`/verify-email?token=…`): the
 * e-mails name the public site (SITE_URL), the tests open it on the test server.
 */
export function linkIn(mail: OutboxMail, page: string): string {
  const pattern = new RegExp(`https?://[^\\s/"]+(${page}[#?]token=[^\\s"<>]+)`);
  const link = pattern.exec(mail.text)?.[1];
  if (!link) throw new Error(`No ${page} link in ${mail.file}:\n${mail.text}`);
  return link;
}
