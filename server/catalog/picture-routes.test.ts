import Fastify, { type FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Product } from "#core/catalog/product.ts";
import { fixedCatalogueOf } from "./live-catalogue.ts";
import { applyZodSchemas } from "../http/validate.ts";
import { stubDatabase } from "#tests/server/test-database.ts";
import { pictureRoutes } from "./picture-routes.ts";

const product = (id: number, name: string, images: string[]): Product => ({
  id,
  name,
  description: "",
  category: "Merchandise",
  type: "",
  priceCents: 100,
  images,
  ageRestricted: false,
});

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#036"/></svg>',
);

/** The built site's files, as the server reads them: a real SVG, a broken one, robots.txt. */
const FILES: Record<string, Buffer> = {
  "/images/products/good.svg": SVG,
  "/images/products/broken.svg": Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><rect"),
  "/robots.txt": Buffer.from("User-agent: *\nAllow: /\n"),
};

// Issue 34: a product's sharing picture whose first picture is no picture, or not the shop's
// own (a list written before pictures were checked), is a 404, never a 500.
describe("a product's sharing picture", () => {
  let app: FastifyInstance;
  const siteFile = vi.fn((path: string) => FILES[path]);

  beforeAll(async () => {
    app = Fastify();
    applyZodSchemas(app);
    await app.register(pictureRoutes, {
      db: stubDatabase().db,
      catalogue: fixedCatalogueOf([
        product(1, "Good", ["/images/products/good.svg"]),
        product(2, "Robots", ["/robots.txt"]),
        product(3, "Broken", ["/images/products/broken.svg"]),
        product(4, "Offsite", ["//evil.example/x.png"]),
        product(5, "Backslash", ["/\\evil.example/x.png"]),
      ]),
      siteFile,
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it("is a JPEG of the product's first picture, one of the shop's own", async () => {
    const response = await app.inject({ url: "/pictures/sharing/good.jpg" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/jpeg");
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: "jpeg" });
  });

  it.each([
    ["a file of the site that is no picture", "robots"],
    ["a picture file that cannot be read", "broken"],
    ["another site's address", "offsite"],
    ["an address a browser reads as another site's", "backslash"],
  ])("is a 404 for %s, asked twice", async (_what, slug) => {
    for (let round = 0; round < 2; round += 1) {
      const response = await app.inject({ url: `/pictures/sharing/${slug}.jpg` });
      expect(response.statusCode, slug).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: "not_found" } });
    }
  });

  it("never reads a site file that is not product artwork", () => {
    expect(siteFile).not.toHaveBeenCalledWith("/robots.txt");
  });
});
