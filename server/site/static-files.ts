import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { cachedBody, type CachedBody, type Compressed } from "../http/cached-body.ts";
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  type CspExtras,
} from "./content-security-policy.ts";

export interface StaticFile extends CachedBody {
  contentType: string;
  cacheControl: string;
  csp?: string;
  /** A prerendered page or its data, which the server renders instead for a query string. */
  page: boolean;
}

export interface StaticFiles {
  find(urlPath: string): StaticFile | undefined;
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

/** The kinds of file served compressed, and so compressed by the build (precompress.ts). */
export const COMPRESSIBLE = new Set([
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

/** The build's compressed copies of a file sit beside it under these suffixes. */
export const PRECOMPRESSED = { br: ".br", gzip: ".gz" } as const;

export async function listFiles(dir: string): Promise<string[]> {
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

function urlPathFor(relative: string): string {
  const posix = relative.split(path.sep).join("/");
  if (posix === "index.html") return "/";
  if (posix.endsWith("/index.html")) return `/${posix.slice(0, -"/index.html".length)}`;
  return `/${posix}`;
}

/** The build's compressed copies, when it made both (small files have none). */
async function readCompressed(file: string, present: ReadonlySet<string>) {
  const br = file + PRECOMPRESSED.br;
  const gzip = file + PRECOMPRESSED.gzip;
  if (!present.has(br) || !present.has(gzip)) return undefined;
  const [brBody, gzipBody] = await Promise.all([readFile(br), readFile(gzip)]);
  return { br: brBody, gzip: gzipBody } satisfies Compressed;
}

/** Held in memory with compressed variants, so serving one is a map lookup (a few megabytes). */
export async function loadStaticFiles(
  clientDir: string,
  cspExtras: Readonly<Record<string, CspExtras>> = {},
): Promise<StaticFiles> {
  const files = new Map<string, StaticFile>();
  const listed = await listFiles(clientDir);
  const present = new Set(listed);
  // A build's compressed copy is served as its file's variant, never under a name of its own.
  const copyOf = (file: string) =>
    Object.values(PRECOMPRESSED).some((suffix) => {
      const original = file.slice(0, -suffix.length);
      return (
        file.endsWith(suffix) &&
        present.has(original) &&
        COMPRESSIBLE.has(path.extname(original).toLowerCase())
      );
    });
  for (const file of listed) {
    if (copyOf(file)) continue;
    const ext = path.extname(file).toLowerCase();
    const body = await readFile(file);
    const urlPath = urlPathFor(path.relative(clientDir, file));
    const compressible = COMPRESSIBLE.has(ext);
    const entry: StaticFile = {
      ...cachedBody(body, compressible, {
        compressed: compressible ? await readCompressed(file, present) : undefined,
      }),
      contentType: CONTENT_TYPES[ext] ?? "application/octet-stream",
      cacheControl: cacheControlFor(urlPath, ext),
      page: ext === ".html" || ext === ".data",
    };
    if (ext === ".html") {
      entry.csp = contentSecurityPolicy(
        inlineScriptHashes(body.toString("utf8")),
        cspExtras[urlPath],
      );
    }
    files.set(urlPath, entry);
  }
  return {
    find(urlPath) {
      const key = urlPath.length > 1 && urlPath.endsWith("/") ? urlPath.slice(0, -1) : urlPath;
      return files.get(key);
    },
    size: files.size,
  };
}
