import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.ts";

export const AUTH_SECRET_FILE = "auth-secret";
const MIN_SECRET_LENGTH = 32;

/**
 * The key that signs login tokens: AUTH_SECRET when set, otherwise (embedded, single-instance
 * set-up) a random secret generated once into DATA_DIR and reused, so tokens survive restarts.
 * config.ts already refuses production on PostgreSQL without AUTH_SECRET, because instances
 * sharing a database must share the secret.
 */
export async function resolveAuthSecret(config: Config): Promise<string> {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.join(config.dataDir, AUTH_SECRET_FILE);
  const existing = await readSecret(file);
  if (existing) return existing;

  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  try {
    // "wx": never overwrite a secret another process wrote a moment ago.
    await writeFile(file, `${secret}\n`, { flag: "wx", mode: 0o600 });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const written = await readSecret(file);
    if (!written) throw new Error(`${file} exists but holds no usable secret`);
    return written;
  }
}

async function readSecret(file: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const secret = text.trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters; delete it to generate a new one`,
    );
  }
  return secret;
}
