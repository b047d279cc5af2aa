import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuiltSiteApp, isBuilt } from "#tests/server/built-site.ts";

/** Every `<link>` tag of a page's head, with its attributes, in document order. */
function headLinks(html: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<link\b([^>]*)>/g)].map((match) => {
    const attributes = Object.fromEntries(
      [...(match[1] ?? "").matchAll(/([\w-]+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]),
    );
    return { rel: attributes.rel, as: attributes.as, href: attributes.href };
  });
}

describe.skipIf(!isBuilt)("the built site's stylesheets", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createBuiltSiteApp();
  });
  afterAll(async () => {
    await app.close();
  });

  // The CSS a page needs is asked for before the scripts React Router preloads (docs/decisions/
  // 025), on pages the server renders and on prerendered ones, from the real build.
  describe("a page's stylesheets come before its scripts", () => {
    it.each(["/cart", "/checkout", "/account", "/contactus"])(
      "%s preloads each of its stylesheets ahead of the first script",
      async (url) => {
        const page = await app.inject({
          method: "GET",
          url,
          headers: { "x-forwarded-for": "10.8.8.8" },
        });
        expect(page.statusCode).toBe(200);
        const links = headLinks(page.body);
        const stylesheets = links
          .filter((link) => link.rel === "stylesheet")
          .map((link) => link.href);
        const firstScript = links.findIndex((link) => link.rel === "modulepreload");
        expect(stylesheets.length).toBeGreaterThan(0);
        expect(firstScript).toBeGreaterThan(0);
        const preloaded = links
          .slice(0, firstScript)
          .filter((link) => link.rel === "preload" && link.as === "style")
          .map((link) => link.href);
        expect(preloaded).toEqual(stylesheets);
      },
    );
  });

  // A slow phone's link fetches what is left over six connections a round trip later (decision
  // 030): the site's styles are two files, not one per component, and the shops' stay off the
  // pages that are applications.
  describe("the stylesheets a page waits on", () => {
    async function stylesheetsOf(url: string) {
      const page = await app.inject({ url, headers: { "x-forwarded-for": "10.8.8.9" } });
      expect(page.statusCode, url).toBe(200);
      return (
        headLinks(page.body)
          .filter((link) => link.rel === "stylesheet")
          // React Router marks a file a lazy chunk also imports with a trailing "#"; same file.
          .map((link) => link.href?.replace(/-[\w-]{8}\.css#?$/, ".css"))
      );
    }

    it.each([
      // Its featured products are the shops' cards (issue 39).
      ["/", ["/assets/site-styles.css", "/assets/shop-styles.css"]],
      ["/history", ["/assets/site-styles.css"]],
      ["/books", ["/assets/site-styles.css", "/assets/shop-styles.css"]],
      ["/cyberware", ["/assets/site-styles.css", "/assets/shop-styles.css"]],
      ["/products/pronunciation-mug", ["/assets/site-styles.css", "/assets/shop-styles.css"]],
      ["/search?q=cyborg", ["/assets/site-styles.css", "/assets/shop-styles.css"]],
    ])("%s waits on the site's styles and, in the shop, the shop's", async (url, expected) => {
      expect(await stylesheetsOf(url)).toEqual(expected);
    });

    it.each(["/cart", "/checkout", "/account", "/contactus", "/login"])(
      "%s waits on the site's styles and its own, none of the shop's",
      async (url) => {
        const stylesheets = await stylesheetsOf(url);
        expect(stylesheets[0]).toBe("/assets/site-styles.css");
        expect(stylesheets).not.toContain("/assets/shop-styles.css");
        expect(stylesheets.length).toBeLessThanOrEqual(3);
      },
    );
  });
});
