import { createHash } from "node:crypto";

export interface CspExtras {
  frameSrc?: string[];
  imgSrc?: string[];
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const code = match[1] ?? "";
    if (code.trim() === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(code).digest("base64")}'`);
  }
  return [...hashes];
}

/** Exactly the inline scripts named (hashes, or the answer's nonce); never 'unsafe-inline'. */
export function contentSecurityPolicy(scriptSources: readonly string[], extras: CspExtras = {}) {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(" "),
    "style-src 'self'",
    ["img-src 'self' data:", ...(extras.imgSrc ?? [])].join(" "),
    "font-src 'self'",
    "connect-src 'self'",
    extras.frameSrc?.length ? `frame-src ${extras.frameSrc.join(" ")}` : "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
