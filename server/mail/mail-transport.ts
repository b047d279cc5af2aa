import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { MailMessage } from "#core/orders/order-emails.ts";
import { isEmailShape } from "#core/validation/email.ts";
import type { Config } from "../config.ts";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../lib/private-data-dir.ts";

export class MalformedRecipientError extends Error {
  override name = "MalformedRecipientError";
}

export interface MailTransport {
  send(message: MailMessage & { id?: number }): Promise<void>;
  /** Where mail goes, for the start-up log line (never the credentials). */
  description: string;
}

/** Without SMTP_URL, .eml files under DATA_DIR/outbox/: `npm start` works with nothing set up. */
export function createMailTransport(
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "dataDir">,
  log: Pick<FastifyBaseLogger, "info">,
): MailTransport {
  /** Objects, never strings nodemailer would parse for names or lists (issue 23). */
  const envelope = (message: MailMessage) => {
    if (!isEmailShape(message.to)) {
      throw new MalformedRecipientError(
        `refusing to send to a malformed address (${message.kind})`,
      );
    }
    return {
      from: { name: config.MAIL_FROM.name, address: config.MAIL_FROM.address },
      to: { name: "", address: message.to },
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.headers ? { headers: message.headers } : {}),
    };
  };

  if (config.SMTP_URL) {
    // Nodemailer's defaults wait minutes; a send must end well inside the worker's LEASE_MS or
    // another instance could send it again. SMTP_URL's query parameters still override these.
    const smtp = nodemailer.createTransport({
      url: config.SMTP_URL,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    const { protocol, hostname, port } = new URL(config.SMTP_URL);
    return {
      description: `${protocol === "smtps:" ? "SMTPS" : "SMTP"} ${hostname}${port ? `:${port}` : ""}`,
      async send(message) {
        await smtp.sendMail(envelope(message));
      },
    };
  }

  const folder = path.join(config.dataDir, "outbox");
  const writer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    description: `.eml files in ${folder}`,
    async send(message) {
      const info = await writer.sendMail(envelope(message));
      await mkdir(folder, { recursive: true, mode: PRIVATE_DIR_MODE });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const id = message.id ?? randomBytes(4).toString("hex");
      const file = path.join(folder, `${stamp}-${message.kind}-${id}.eml`);
      // The message may hold a password-reset or order link: the server's user alone reads it.
      // Written whole under another name, then renamed: a .eml is never seen half written.
      const partial = `${file}.partial`;
      await writeFile(partial, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      await rename(partial, file);
      log.info(
        { file, to: message.to, subject: message.subject },
        "e-mail written to the outbox folder",
      );
    },
  };
}
