import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { cachedBody, type CachedBody } from "./lib/cached-body";

export interface StaticFile extends CachedBody {
  contentType: string;
  cacheControl: string;
  /** HTML only: the Content-Security-Policy allowing exactly this page's inline scripts. */
  csp?: string;
}

export interface StaticSite {
  /** Look up a request path ("/books", "/books/", "/assets/x.js"). */
  find(urlPath: string): StaticFile | undefined;
  notFoundPage: StaticFile | undefined;
  size: number;
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".csv": "text/csv; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".woff2": "font/woff2",
  // React Router's prerendered loader data (turbo-stream).
  ".data": "text/x-script",
};

const COMPRESSIBLE = new Set([
  ".html",
  ".js",
  ".css",
  ".json",
  ".svg",
  ".csv",
  ".txt",
  ".xml",
  ".webmanifest",
  ".data",
]);

/** Extra CSP sources some pages need, e.g. the contact page's map frame. */
export type CspExtras = Record<string, { frameSrc?: string[]; imgSrc?: string[] }>;

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

export function contentSecurityPolicy(html: string, extras: CspExtras[string] = {}): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const code = match[1] ?? "";
    if (code.trim() === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(code).digest("base64")}'`);
  }
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${[...hashes].join(" ")}`.trim(),
    "style-src 'self'",
    ["img-src 'self' data:", ...(extras.imgSrc ?? [])].join(" "),
    "font-src 'self'",
    "connect-src 'self'",
    extras.frameSrc?.length ? `frame-src ${extras.frameSrc.join(" ")}` : "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function cacheControlFor(urlPath: string, ext: string): string {
  // Vite's hashed bundles never change under the same name.
  if (urlPath.startsWith("/assets/")) return "public, max-age=31536000, immutable";
  if (ext === ".html" || ext === ".data") return "no-cache";
  return "public, max-age=3600";
}

/** The URL a built file answers: "books/index.html" → "/books". */
function urlPathFor(relative: string): string {
  const posix = relative.split(path.sep).join("/");
  if (posix === "index.html") return "/";
  if (posix.endsWith("/index.html")) return `/${posix.slice(0, -"/index.html".length)}`;
  return `/${posix}`;
}

const NOT_FOUND_FILE = "__not-found/index.html";
const SPA_FALLBACK_FILE = "__spa-fallback.html";

/**
 * Loads the built site into memory with pre-compressed variants, so serving a page is a
 * map lookup. The prerendered site is a few megabytes at most.
 */
export async function loadStaticSite(
  siteDir: string,
  cspExtras: CspExtras = {},
): Promise<StaticSite> {
  const files = new Map<string, StaticFile>();
  let notFoundPage: StaticFile | undefined;

  for (const file of await listFiles(siteDir)) {
    const relative = path.relative(siteDir, file);
    const posix = relative.split(path.sep).join("/");
    if (posix === SPA_FALLBACK_FILE) continue;
    const ext = path.extname(file).toLowerCase();
    const body = await readFile(file);
    const urlPath = urlPathFor(relative);
    const entry: StaticFile = {
      ...cachedBody(body, COMPRESSIBLE.has(ext)),
      contentType: CONTENT_TYPES[ext] ?? "application/octet-stream",
      cacheControl: cacheControlFor(urlPath, ext),
    };
    if (ext === ".html") {
      entry.csp = contentSecurityPolicy(body.toString("utf8"), cspExtras[urlPath]);
    }
    if (posix === NOT_FOUND_FILE) notFoundPage = entry;
    else files.set(urlPath, entry);
  }

  return {
    find(urlPath) {
      let key = urlPath;
      if (key.length > 1 && key.endsWith("/")) key = key.slice(0, -1);
      return files.get(key);
    },
    notFoundPage,
    size: files.size,
  };
}
