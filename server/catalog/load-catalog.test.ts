import { spawnSync } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { searchablePages } from "#core/search/searchable-pages.ts";
import { loadCatalog } from "./load-catalog.ts";

const contentDir = path.resolve("content");

const copies: string[] = [];

async function copyOfContent() {
  const dir = await mkdtemp(path.join(tmpdir(), "content-"));
  copies.push(dir);
  await cp(contentDir, dir, { recursive: true });
  return dir;
}

afterAll(async () => {
  await Promise.all(copies.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("loadCatalog", () => {
  it("reads every product, every searchable page's text and every glossary term", async () => {
    const catalog = await loadCatalog(contentDir);
    expect(catalog.products.length).toBeGreaterThanOrEqual(33);
    expect(catalog.products[0]).toMatchObject({ id: 1, category: "Book" });

    const pages = catalog.pages.filter((page) => page.kind === "page");
    expect(pages.map((page) => page.path)).toEqual(searchablePages.map((page) => page.path));
    const events = pages.find((page) => page.path === "/events");
    expect(events?.text).toContain("4th Saturday of each month");
    expect(events?.text).not.toContain("export const meta");
    expect(events?.text).not.toMatch(/[<>]|\]\(/);

    const terms = catalog.pages.filter((page) => page.kind === "glossary");
    expect(terms.length).toBeGreaterThan(200);
    expect(terms[0]).toMatchObject({
      title: "Accelerometer",
      path: "/terminologies?letter=A#term-accelerometer",
    });
  });

  it("names the file, line and column of a bad product row", async () => {
    const dir = await copyOfContent();
    const file = path.join(dir, "products.csv");
    const lines = (await readFile(file, "utf8")).split("\n");
    lines[3] = (lines[3] ?? "").replace(",39.95,", ",cheap,");
    await writeFile(file, lines.join("\n"));
    await expect(loadCatalog(dir)).rejects.toThrow(
      /products\.csv line 4, column "price": expected an amount in dollars .* \(found "cheap"\)/,
    );
  });

  it("names a missing page file", async () => {
    const dir = await copyOfContent();
    await rm(path.join(dir, "pages", "events.mdx"));
    await expect(loadCatalog(dir)).rejects.toThrow(/events\.mdx: file not found/);
  });

  it("reads the products a new shop features on its home page, in order", async () => {
    const { featured, products } = await loadCatalog(contentDir);
    expect(featured).toEqual([12, 3, 18, 29]);
    expect(featured?.map((id) => products.find((product) => product.id === id)?.name)).toEqual([
      "The Cyborg Question: Rights, Identity and the Augmented Body",
      "Under the Skin: A Field Guide to Magnet and NFC Implants",
      "NTAG216 Glass Implant Kit",
      "Pronunciation Mug",
    ]);
  });

  it("names a featured id that no product has, or one listed twice; no file features nothing", async () => {
    const dir = await copyOfContent();
    const file = path.join(dir, "featured-products.json");
    await writeFile(file, "[12, 999]");
    await expect(loadCatalog(dir)).rejects.toThrow(
      /featured-products\.json: no product 999 in products\.csv/,
    );
    await writeFile(file, "[3, 3]");
    await expect(loadCatalog(dir)).rejects.toThrow(/product 3 is listed twice/);
    await writeFile(file, '{"ids": [3]}');
    await expect(loadCatalog(dir)).rejects.toThrow(/write a list of product ids/);
    await rm(file);
    expect((await loadCatalog(dir)).featured).toEqual([]);
  });
});

describe("server start", () => {
  it("stops with the file, line and column when the catalogue is invalid", async () => {
    const dir = await copyOfContent();
    const file = path.join(dir, "products.csv");
    const text = await readFile(file, "utf8");
    await writeFile(file, text.replace("\n2,", "\nnot-a-number,"));
    const result = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: {
        ...process.env,
        CONTENT_DIR: dir,
        DATA_DIR: path.join(dir, "var"),
        PORT: "0",
        NODE_ENV: "test",
      },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/products\.csv line 3, column "id": expected a whole number/);
  });
});
