import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { loadStaticFiles } from "../server/site/static-files.ts";
import { precompressClientFiles } from "./precompress.ts";

const page = `<!DOCTYPE html><html><body>${"a page ".repeat(200)}</body></html>`;

async function clientBuild() {
  const dir = await mkdtemp(path.join(tmpdir(), "precompress-"));
  await mkdir(path.join(dir, "assets"), { recursive: true });
  await mkdir(path.join(dir, "history"), { recursive: true });
  await writeFile(path.join(dir, "history", "index.html"), page);
  await writeFile(
    path.join(dir, "assets", "entry-abc.js"),
    `export const a = "${"x".repeat(900)}";`,
  );
  await writeFile(path.join(dir, "assets", "tiny-abc.css"), "a{color:red}");
  await writeFile(path.join(dir, "logo.png"), Buffer.alloc(4000, 7));
  return dir;
}

describe("the build's compressed copies", () => {
  it("are written beside each compressible file worth compressing, and nothing else", async () => {
    const dir = await clientBuild();
    expect(await precompressClientFiles(dir)).toBe(2);
    const html = path.join(dir, "history", "index.html");
    expect(brotliDecompressSync(await readFile(`${html}.br`)).toString()).toBe(page);
    expect(gunzipSync(await readFile(`${html}.gz`)).toString()).toBe(page);
    await expect(readFile(path.join(dir, "assets", "tiny-abc.css.br"))).rejects.toThrow();
    await expect(readFile(path.join(dir, "logo.png.br"))).rejects.toThrow();
  });

  it("are served as the file's variants as they are, and never under their own names", async () => {
    const dir = await clientBuild();
    await precompressClientFiles(dir);
    // A copy the server could not have made itself: it was read, not compressed again.
    const marked = brotliCompressSync(Buffer.from("the build's copy"));
    await writeFile(path.join(dir, "history", "index.html.br"), marked);
    const files = await loadStaticFiles(dir);
    const history = files.find("/history");
    expect(history?.br).toEqual(marked);
    expect(gunzipSync(history?.gzip ?? Buffer.alloc(0)).toString()).toBe(page);
    expect(history?.body.toString()).toBe(page);
    expect(files.find("/history/index.html.br")).toBeUndefined();
    expect(files.find("/assets/entry-abc.js.gz")).toBeUndefined();
    expect(files.find("/assets/entry-abc.js")?.br).toBeDefined();
    expect(files.size).toBe(4);
  });

  it("are made by the server when a build has none", async () => {
    const files = await loadStaticFiles(await clientBuild());
    const history = files.find("/history");
    expect(brotliDecompressSync(history?.br ?? Buffer.alloc(0)).toString()).toBe(page);
  });
});
