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

// The CSS a page needs is asked for before the scripts React Router preloads (docs/decisions/
// 025), on pages the server renders and on prerendered ones, from the real build.
describe.skipIf(!isBuilt)("a page's stylesheets come before its scripts", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createBuiltSiteApp();
  });
  afterAll(async () => {
    await app.close();
  });

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
