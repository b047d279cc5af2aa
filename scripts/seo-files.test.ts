import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { indexablePaths, robotsTxt, sitemapXml } from "./seo-files";

describe("SEO files", () => {
  it("lists public pages, leaving out 404, case variants, noindex and visitor-specific pages", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "seo-"));
    const page = (rel: string, html = "<html></html>") => {
      mkdirSync(path.join(dir, rel), { recursive: true });
      writeFileSync(path.join(dir, rel, "index.html"), html);
    };
    page("");
    page("books");
    page("Terminologies");
    page("terminologies");
    page("__not-found");
    page("privacy-draft", '<meta name="robots" content="noindex"/>');
    page("cart");
    page("account");
    expect(indexablePaths(dir)).toEqual(["/", "/books", "/terminologies"]);
  });

  it("writes absolute URLs", () => {
    expect(sitemapXml("https://example.au", ["/", "/books"])).toContain(
      "<url><loc>https://example.au/books</loc></url>",
    );
    expect(robotsTxt("https://example.au")).toContain("Sitemap: https://example.au/sitemap.xml");
    // A Disallow line would keep crawlers (and Lighthouse) from the visitor-specific pages.
    expect(robotsTxt("https://example.au")).not.toMatch(/Disallow: \/(cart|search|account)/);
  });
});
