import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

export interface ScryptCost {
  /** CPU/memory cost, a power of two. */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelisation. */
  p: number;
}

/** OWASP Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1 (128 MiB per hash). */
export const OWASP_SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** Refuse stored parameters far above anything we write, so a corrupt row cannot exhaust memory. */
const MAX_N = 2 ** 20;

function derive(password: string, salt: Buffer, cost: ScryptCost, keyBytes: number) {
  return new Promise<Buffer>((resolve, reject) => {
    // scrypt needs 128·N·r bytes; leave headroom above that.
    const maxmem = 256 * cost.N * cost.r;
    scrypt(password, salt, keyBytes, { ...cost, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N=131072,r=8,p=1$<salt>$<key>` (base64): the parameters travel with the hash. */
export async function hashPassword(password: string, cost: ScryptCost): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost, KEY_BYTES);
  return `scrypt$N=${cost.N},r=${cost.r},p=${cost.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

interface StoredHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

function parseStoredHash(stored: string): StoredHash | undefined {
  const match = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(
    stored,
  );
  if (!match) return undefined;
  const [, n, r, p, salt, key] = match;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (cost.N < 2 || cost.N > MAX_N || cost.r < 1 || cost.r > 32 || cost.p < 1 || cost.p > 16) {
    return undefined;
  }
  return { cost, salt: Buffer.from(salt ?? "", "base64"), key: Buffer.from(key ?? "", "base64") };
}

/** Constant-time comparison of the derived key with the stored one. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const key = await derive(password, parsed.salt, parsed.cost, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when a stored hash was made with weaker parameters than `cost` (upgrade on login). */
export function needsRehash(stored: string, cost: ScryptCost): boolean {
  const parsed = parseStoredHash(stored);
  if (!parsed) return true;
  return parsed.cost.N < cost.N || parsed.cost.r < cost.r || parsed.cost.p < cost.p;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** A wrong username costs what a wrong password does, so timing reveals nothing. Always false. */
  verifyUnknownUser(password: string): Promise<false>;
  needsRehash(stored: string): boolean;
}

export function createPasswordHasher(cost: ScryptCost = OWASP_SCRYPT_COST): PasswordHasher {
  let dummyHash: Promise<string> | undefined;
  return {
    hash: (password) => hashPassword(password, cost),
    verify: verifyPassword,
    async verifyUnknownUser(password) {
      dummyHash ??= hashPassword(randomBytes(SALT_BYTES).toString("base64"), cost);
      await verifyPassword(password, await dummyHash);
      return false;
    },
    needsRehash: (stored) => needsRehash(stored, cost),
  };
}
