import path from "node:path";
import ipaddr from "ipaddr.js";
import addressparser from "nodemailer/lib/addressparser";
import { z } from "zod";
import { siteUrl } from "#core/site-url.ts";
import { isEmailShape } from "#core/validation/email.ts";

const emptyAsUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const isAddressOrRange = (entry: string) =>
  ipaddr.IPv4.isValidFourPartDecimal(entry) ||
  ipaddr.IPv4.isValidCIDRFourPartDecimal(entry) ||
  ipaddr.IPv6.isValid(entry) ||
  ipaddr.IPv6.isValidCIDR(entry);

const MAX_PROXY_HOPS = 10;

/** false/0, a hop count, or proxy addresses and CIDRs; the client is the right-most untrusted. */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, context): false | number | string[] => {
    const lower = value?.toLowerCase();
    if (lower === undefined || lower === "false" || lower === "no" || lower === "0") return false;
    if (lower === "true" || lower === "yes") {
      context.addIssue({
        code: "custom",
        message:
          `${value} is refused: trusting every proxy makes the left-most X-Forwarded-For entry ` +
          "the client's address, and the client writes that entry itself, so anyone could " +
          "pick a new address per request and dodge the rate limits. Set the number of proxies " +
          "in front of the server (TRUST_PROXY=1 behind one reverse proxy or load balancer) or " +
          "their addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8)",
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(lower)) {
      const hops = Number(lower);
      if (hops <= MAX_PROXY_HOPS) return hops;
      context.addIssue({
        code: "custom",
        message: `a hop count must be at most ${MAX_PROXY_HOPS} (the number of proxies in front of the server)`,
      });
      return z.NEVER;
    }
    const entries = lower.split(",").map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (bad.length === 0) return entries;
    context.addIssue({
      code: "custom",
      message: `must be false, a hop count, or a comma-separated list of IP addresses and CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8,fd00::/8); not ${bad.map((entry) => JSON.stringify(entry)).join(", ")}`,
    });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./var"),
  BUILD_DIR: z.string().default("./build"),
  CONTENT_DIR: z.string().default("./content"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /** Owns the schema and migrates; DATABASE_URL's role gets no DDL (audit_log: insert only). */
  DATABASE_OWNER_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  /** A client that stops half-way frees its socket after this (issue 23). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Write each log line before going on (by default lines are buffered, flushed on exit). */
  LOG_SYNC: z
    .enum(["true", "false"], { error: "must be true or false" })
    .default("false")
    .transform((value) => value === "true"),
  TRUST_PROXY: trustProxy,
  /** Shared rate-limit counters for several instances; in-process counters when unset. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  /** Also send each contact message to this form-handling service (SPEC §7); stored either way. */
  CONTACT_FORWARD_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .optional(),
  CONTACT_FORWARD_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Unset, links in e-mails and MCP answers point at this machine (localSiteUrl). */
  SITE_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  /** Unset, each message is written as an .eml file under DATA_DIR/outbox/. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .default("Kybernetes <orders@kybernetes.com.au>")
    .transform((value, context) => {
      const parsed = addressparser(value, { flatten: true });
      const [sender] = parsed;
      if (parsed.length === 1 && sender && isEmailShape(sender.address)) {
        return { name: sender.name, address: sender.address };
      }
      context.addIssue({
        code: "custom",
        message: `must be one sender, "Name <address@example.com>" or "address@example.com"; not ${JSON.stringify(value)}`,
      });
      return z.NEVER;
    }),
  SHOP_NOTIFY_EMAIL: z
    .string()
    .trim()
    .refine(isEmailShape, "must be one plain e-mail address (name@example.com)")
    .default("orders@kybernetes.com.au"),
  /** Unpaid orders get a reminder after this many days, and are cancelled after the next. */
  ORDER_REMINDER_DAYS: z.coerce.number().min(0.001).max(60).default(3),
  ORDER_EXPIRY_DAYS: z.coerce.number().min(0.001).max(90).default(7),
  /** A shipped parcel's order completes itself this many days after shipping (issue 38). */
  ORDER_COMPLETE_DAYS: z.coerce.number().min(0.001).max(365).default(30),
  /** Nobody can freeze the shelf for a week with an order never meant to be paid (issue 23). */
  GUEST_HOLD_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 90)
    .default(24),
  /** Days a download link of a paid eBook works; the buyer can get a fresh one (issue 26). */
  DOWNLOAD_LINK_DAYS: z.coerce.number().min(0.001).max(365).default(30),
  /** Downloads one link allows; staff can reset the count (issue 26). */
  DOWNLOAD_LIMIT: z.coerce.number().int().min(1).max(1000).default(5),
  /** Units of one product one order may take (and never more than half of under ten left). */
  MAX_UNITS_PER_PRODUCT: z.coerce.number().int().min(1).max(99).default(5),
  MAX_UNPAID_ORDERS_PER_BUYER: z.coerce.number().int().min(1).max(1000).default(3),
  MAX_UNPAID_UNITS_PER_BUYER: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Higher than a buyer's: a household, an office or a mobile carrier shares one address. */
  MAX_UNPAID_ORDERS_PER_NETWORK: z.coerce.number().int().min(1).max(10_000).default(10),
  JOB_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(5000),
  /** Newsletter messages let into the outbox in any minute, all instances together. */
  NEWSLETTER_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  /** A login not used for this many minutes ends (ASVS 7.3.1); tokens end after 7 days anyway. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(24 * 60),
  /** Signs login tokens; generated into DATA_DIR when unset (embedded database only). */
  AUTH_SECRET: z.string().trim().min(32, "must be at least 32 characters").optional(),
});

const checkedEnvSchema = envSchema.superRefine((env, context) => {
  if (env.GUEST_HOLD_HOURS > env.ORDER_EXPIRY_DAYS * 24) {
    context.addIssue({
      code: "custom",
      path: ["GUEST_HOLD_HOURS"],
      message:
        "must be at most ORDER_EXPIRY_DAYS × 24 (a guest's hold is never longer than an account's)",
    });
  }
  if (env.ORDER_EXPIRY_DAYS <= env.ORDER_REMINDER_DAYS) {
    context.addIssue({
      code: "custom",
      path: ["ORDER_EXPIRY_DAYS"],
      message: "must be more than ORDER_REMINDER_DAYS (the reminder comes before the cancellation)",
    });
  }
  if (env.MAX_UNPAID_ORDERS_PER_NETWORK < env.MAX_UNPAID_ORDERS_PER_BUYER) {
    context.addIssue({
      code: "custom",
      path: ["MAX_UNPAID_ORDERS_PER_NETWORK"],
      message:
        "must be at least MAX_UNPAID_ORDERS_PER_BUYER (many buyers can share one address; one buyer never meets the address's cap first)",
    });
  }
  if (env.DATABASE_OWNER_URL && !env.DATABASE_URL) {
    context.addIssue({
      code: "custom",
      path: ["DATABASE_OWNER_URL"],
      message: "needs DATABASE_URL too (the app's own, less privileged role)",
    });
  }
  // Instances sharing PostgreSQL must sign tokens with one secret; a per-machine file won't do.
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.AUTH_SECRET) {
    context.addIssue({
      code: "custom",
      path: ["AUTH_SECRET"],
      message:
        "is required when NODE_ENV=production and DATABASE_URL is set (a random string of at least 32 characters, the same on every instance)",
    });
  }
});

export type Config = z.output<typeof envSchema> & {
  siteUrl: string;
  dataDir: string;
  buildDir: string;
  contentDir: string;
};

/** Never the Host header: anyone can send any Host, and a reset link built from it would leak. */
export function localSiteUrl(host: string, port: number): string {
  const bare = host.trim();
  const everyInterface = ["", "0.0.0.0", "::", "[::]"].includes(bare);
  const name = everyInterface
    ? "localhost"
    : bare.includes(":") && !bare.startsWith("[")
      ? `[${bare}]`
      : bare;
  return `http://${name}:${port}`;
}

export function siteUrlNotice(config: Pick<Config, "SITE_URL" | "siteUrl">): string | undefined {
  if (config.SITE_URL) return undefined;
  return (
    `SITE_URL is not set: links in e-mails (verify, reset, order, download), MCP answers and ` +
    `checkout links point at ${config.siteUrl}, this machine, until it is. Set SITE_URL to the ` +
    "shop's public address (https://…) before anyone else gets its e-mail; npm run check:launch lists it."
  );
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** A bad value stops the process naming the variable, instead of failing later in a request. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, emptyAsUndefined(env[key])]),
  );
  const parsed = checkedEnvSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment variable(s):\n${lines.join("\n")}`);
  }
  return {
    ...parsed.data,
    siteUrl: parsed.data.SITE_URL
      ? siteUrl({ SITE_URL: parsed.data.SITE_URL })
      : localSiteUrl(parsed.data.HOST, parsed.data.PORT),
    dataDir: path.resolve(parsed.data.DATA_DIR),
    buildDir: path.resolve(parsed.data.BUILD_DIR),
    contentDir: path.resolve(parsed.data.CONTENT_DIR),
  };
}
