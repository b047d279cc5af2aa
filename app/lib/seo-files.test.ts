import { describe, expect, it } from "vitest";
import { indexablePaths, noIndexPaths, paths } from "#app/paths.ts";
import { robotsTxt, sitemapXml } from "./seo-files.ts";

describe("SEO files", () => {
  it("list every page but the visitor's own", () => {
    const listed = indexablePaths();
    expect(listed).toContain(paths.home);
    expect(listed).toContain(paths.books);
    expect(listed).toContain(paths.learnRfid);
    for (const path of noIndexPaths) expect(listed).not.toContain(path);
    expect(listed).not.toContain("/Terminologies");
  });

  it("write absolute URLs", () => {
    expect(sitemapXml("https://example.au", ["/", "/books"])).toContain(
      "<url><loc>https://example.au/books</loc></url>",
    );
    expect(robotsTxt("https://example.au")).toContain("Sitemap: https://example.au/sitemap.xml");
    // A Disallow line would keep crawlers from reading the noindex of the visitor's pages.
    expect(robotsTxt("https://example.au")).not.toMatch(/Disallow: \/(cart|search|account)/);
  });
});
