import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";

export interface CachedBody {
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
}

/** Below this size compression costs more than it saves. */
const MIN_COMPRESSIBLE_BYTES = 512;
/** Above this size the strongest settings would hold up start-up for seconds. */
const STRONGEST_UP_TO_BYTES = 1_000_000;

export type Compressed = Required<Pick<CachedBody, "gzip" | "br">>;

/** The compressed variants worth keeping, if any; `fast` while a request waits. */
export function compress(body: Buffer, { fast = false }: { fast?: boolean } = {}) {
  if (body.length <= MIN_COMPRESSIBLE_BYTES) return undefined;
  const strongest = !fast && body.length <= STRONGEST_UP_TO_BYTES;
  return {
    gzip: gzipSync(body, { level: strongest ? 9 : 6 }),
    br: brotliCompressSync(body, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: strongest ? 11 : 5 },
    }),
  } satisfies Compressed;
}

/**
 * `fast` while a request waits: the strongest settings would cost more than they save.
 * `compressed`: variants made earlier (the build's, build-plugins/precompress.ts).
 */
export function cachedBody(
  body: Buffer,
  compressible: boolean,
  { fast = false, compressed }: { fast?: boolean; compressed?: Compressed | undefined } = {},
): CachedBody {
  return {
    body,
    etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`,
    ...(compressible ? (compressed ?? compress(body, { fast })) : undefined),
  };
}

export function negotiateEncoding(
  entry: CachedBody,
  acceptEncoding: string | string[] | undefined,
): { body: Buffer; encoding?: "br" | "gzip" } {
  const accepted = String(acceptEncoding ?? "");
  if (entry.br && /\bbr\b/.test(accepted)) return { body: entry.br, encoding: "br" };
  if (entry.gzip && /\bgzip\b/.test(accepted)) return { body: entry.gzip, encoding: "gzip" };
  return { body: entry.body };
}

/** If-None-Match may list several tags, weak tags or `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}
