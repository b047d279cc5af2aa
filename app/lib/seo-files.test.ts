import { describe, expect, it } from "vitest";
import { indexablePaths, noIndexPaths, paths } from "#app/paths.ts";
import { llmsTxt, robotsTxt, sitemapXml } from "./seo-files.ts";

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

  it("name the shop's MCP endpoint in robots.txt and llms.txt (issue 27)", () => {
    expect(robotsTxt("https://example.au")).toMatch(/^# .*https:\/\/example\.au\/api\/mcp/m);
    const llms = llmsTxt("https://example.au");
    expect(llms).toMatch(/^# Kybernetes\n\n> /);
    expect(llms).toContain("POST https://example.au/api/mcp");
    expect(llms).toContain(
      "[Purchase and Refund Policy](https://example.au/PurchaseAndRefundPolicy)",
    );
    expect(llms).toContain("[Books](https://example.au/books)");
  });
});
