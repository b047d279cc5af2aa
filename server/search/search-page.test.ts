import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { cachedBody } from "../lib/cached-body";
import type { StaticFile } from "../static-site";
import { createSearchEngine } from "./search-engine";
import { createSearchPage, loadSearchRenderer, type SearchRenderer } from "./search-page";

const shellHtml =
  '<html><body><header>h</header><main><div id="search-page"><h1>Search</h1><p role="status">Loading search results…</p></div></main><footer>f</footer></body></html>';

const shell: StaticFile = {
  ...cachedBody(Buffer.from(shellHtml), true),
  contentType: "text/html; charset=utf-8",
  cacheControl: "no-cache",
  csp: "script-src 'sha256-abc'",
};

const engine = createSearchEngine(
  [
    {
      id: 1,
      type: "Paperback",
      category: "book",
      name: "Magnet Implants",
      description: "A guide",
      price: 10,
      images: [],
    } as never,
  ],
  [],
);

function fakeRenderer() {
  return {
    renderSearchPage: vi.fn<SearchRenderer["renderSearchPage"]>(
      ({ query, scope, response }) =>
        `<h1>Search results for ${query}</h1><p>${scope}: ${response.products.length}</p>`,
    ),
  };
}

describe("server-rendered search pages", () => {
  it("puts the rendered results into the shell's slot, keeping the shell's policy", () => {
    const renderer = fakeRenderer();
    const page = createSearchPage(shell, renderer, engine)("/search?q=magnet", { q: "magnet" });
    const html = page?.body.toString("utf8");
    expect(html).toContain(
      '<main><div id="search-page" data-server-rendered=""><h1>Search results for magnet</h1><p>all: 1</p></div></main>',
    );
    expect(html).toContain("<header>h</header>");
    expect(html).toContain("<footer>f</footer>");
    expect(page?.csp).toBe(shell.csp);
    expect(renderer.renderSearchPage).toHaveBeenCalledWith(
      expect.objectContaining({ query: "magnet", scope: "all" }),
    );
  });

  it("renders a URL once and answers repeats from memory", () => {
    const renderer = fakeRenderer();
    const render = createSearchPage(shell, renderer, engine);
    const first = render("/search?q=magnet&scope=shop", { q: "magnet", scope: "shop" });
    const second = render("/search?q=magnet&scope=shop", { q: "magnet", scope: "shop" });
    expect(second).toBe(first);
    expect(renderer.renderSearchPage).toHaveBeenCalledTimes(1);
  });

  it("leaves the shell alone for a missing or invalid query", () => {
    const render = createSearchPage(shell, fakeRenderer(), engine);
    expect(render("/search", {})).toBeUndefined();
    expect(render("/search?q=", { q: "" })).toBeUndefined();
    expect(render("/search?q=x&q=y", { q: ["x", "y"] })).toBeUndefined();
    expect(render(`/search?q=${"a".repeat(201)}`, { q: "a".repeat(201) })).toBeUndefined();
  });

  it("refuses a shell without the slot", () => {
    const broken = { ...shell, body: Buffer.from("<main></main>") };
    expect(() => createSearchPage(broken, fakeRenderer(), engine)).toThrow(/search-page slot/);
  });
});

describe("loadSearchRenderer", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "renderer-"));

  it("is undefined when the build has no renderer", async () => {
    await expect(loadSearchRenderer(path.join(dir, "missing.js"))).resolves.toBeUndefined();
  });

  it("loads a renderer and refuses a file without one", async () => {
    const good = path.join(dir, "good.mjs");
    writeFileSync(good, "export function renderSearchPage() { return '<p>x</p>'; }");
    const renderer = await loadSearchRenderer(good);
    expect(renderer?.renderSearchPage({} as never)).toBe("<p>x</p>");

    const bad = path.join(dir, "bad.mjs");
    writeFileSync(bad, "export const nothing = 1;");
    await expect(loadSearchRenderer(bad)).rejects.toThrow(/does not export renderSearchPage/);
  });
});
