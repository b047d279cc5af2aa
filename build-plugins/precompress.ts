import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { compress } from "../server/http/cached-body.ts";
import { COMPRESSIBLE, listFiles, PRECOMPRESSED } from "../server/site/static-files.ts";

/**
 * Writes the strongest brotli and gzip copy of each compressible file of the client build beside
 * it, once per build, so a server starting (and each test that loads the site) reads them
 * instead of spending seconds of CPU compressing the same files again (docs/benchmarks.md).
 */
export async function precompressClientFiles(clientDir: string): Promise<number> {
  let written = 0;
  for (const file of await listFiles(clientDir)) {
    if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
    const compressed = compress(await readFile(file));
    if (!compressed) continue;
    await writeFile(file + PRECOMPRESSED.br, compressed.br);
    await writeFile(file + PRECOMPRESSED.gzip, compressed.gzip);
    written += 1;
  }
  return written;
}
