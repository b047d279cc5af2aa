import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProduct } from "#core/admin/product-admin-schemas.ts";
import { MUG, PAPERBACK } from "#tests/fixtures/catalogue.ts";
import { createBuiltSiteApp, isBuilt } from "#tests/server/built-site.ts";
import { signUpStaff, type Staff } from "#tests/server/staff-helpers.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";

// The home page follows what staff feature as the shops follow the catalogue (issue 39 item 4):
// rendered from the catalogue this instance holds and kept until it changes.

const SECTION = /<section aria-labelledby="[^"]+"[^>]*>([\s\S]*?)<\/section>/;

describe.skipIf(!isBuilt)("the home page's featured products", () => {
  let app: FastifyInstance;
  let staff: Staff;

  beforeAll(async () => {
    const database = await createTestDatabase();
    app = await createBuiltSiteApp(database);
    staff = await signUpStaff(app, database.db);
  });
  afterAll(async () => {
    await app.close();
  });

  const home = async () => {
    const response = await app.inject({ url: "/" });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  async function feature(id: number, featuredPosition: number | null) {
    const url = `/api/admin/products/${id}`;
    const { version } = (await app.inject({ url, headers: staff.headers })).json<AdminProduct>();
    const response = await app.inject({
      method: "PATCH",
      url,
      headers: staff.headers,
      payload: { version, featuredPosition },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  const featuredNames = (html: string) =>
    [...(SECTION.exec(html)?.[1] ?? "").matchAll(/<h3[^>]*><a[^>]*>([^<]*)<\/a><\/h3>/g)].map(
      (match) => match[1],
    );

  it("has none while nothing is featured, then shows each change at once, in staff's order", async () => {
    const before = await home();
    expect(before).not.toContain("Featured in the shop");
    expect(before).toContain("become more than human");

    await feature(MUG.id, 2);
    await feature(PAPERBACK.id, 1);
    const after = await home();
    expect(after).toContain("Featured in the shop");
    expect(featuredNames(after)).toEqual(["Salt Water Circuit", "Pronunciation Mug"]);
    expect(after).toContain('action="/?index"');

    await feature(PAPERBACK.id, null);
    expect(featuredNames(await home())).toEqual(["Pronunciation Mug"]);
    await feature(MUG.id, null);
    expect(await home()).not.toContain("Featured in the shop");
  });
});
