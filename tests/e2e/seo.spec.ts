import { caseVariants, noIndexPaths } from "../../app/paths.ts";
import { expect, test } from "../browser/fixtures.ts";
import { siteRoutes } from "../browser/site-routes.ts";

const routes = siteRoutes();

function head(html: string) {
  const pick = (pattern: RegExp) => pattern.exec(html)?.[1];
  return {
    title: pick(/<title>([^<]*)<\/title>/),
    description: pick(/<meta name="description" content="([^"]*)"/),
    canonical: pick(/<link rel="canonical" href="([^"]*)"/),
    ogImage: pick(/<meta property="og:image" content="([^"]*)"/),
    noIndex: /<meta name="robots" content="noindex"/.test(html),
  };
}

test("every page has its own title, description, canonical URL and sharing image", async ({
  request,
}) => {
  const seen = new Map<string, string>();
  for (const route of routes) {
    const html = await (await request.get(route)).text();
    const meta = head(html);
    expect(meta.title, route).toBeTruthy();
    expect(meta.description, route).toBeTruthy();
    expect(meta.ogImage, route).toMatch(/^https:\/\/.+\/media\/og-image\.png$/);
    expect(html, route).toContain('"@type":"Organization"');
    if (meta.noIndex) continue;
    const canonicalPath = caseVariants[route] ?? route;
    expect(meta.canonical, route).toMatch(new RegExp(`^https://[^/]+${canonicalPath}$`));
    if (route in caseVariants) continue;
    const key = `${meta.title}|${meta.description}`;
    expect(seen.get(key), `${route} repeats the title and description of ${seen.get(key)}`).toBe(
      undefined,
    );
    seen.set(key, route);
  }
});

test("sitemap.xml lists every indexable page and robots.txt points at it", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const body = await sitemap.text();
  for (const route of routes) {
    const html = await (await request.get(route)).text();
    const listed = body.includes(`${route}</loc>`);
    const shouldBeListed =
      !head(html).noIndex && !(route in caseVariants) && !noIndexPaths.includes(route);
    expect(listed, route).toBe(shouldBeListed);
  }
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).not.toMatch(/^Disallow: \/(cart|search|account)/m);
  expect(robots).toMatch(/^Sitemap: https:\/\/.+\/sitemap\.xml$/m);
});

function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? "{}") as Record<string, unknown>,
  );
}

test("the glossary is a DefinedTermSet and shop pages list Products priced in AUD", async ({
  request,
}) => {
  const glossary = structuredData(await (await request.get("/terminologies")).text()).find(
    (block) => block["@type"] === "DefinedTermSet",
  ) as { hasDefinedTerm: { "@type": string; name: string }[] };
  // Every term is named, also those the first response leaves to /glossary.json.
  const terms = (await (await request.get("/glossary.json")).json()) as { term: string }[];
  expect(terms.length).toBeGreaterThanOrEqual(150);
  expect(glossary.hasDefinedTerm).toEqual(
    terms.map((term) => ({ "@type": "DefinedTerm", name: term.term })),
  );

  for (const shop of ["/cyberware", "/merchandise"]) {
    const list = structuredData(await (await request.get(shop)).text()).find(
      (block) => block["@type"] === "ItemList",
    ) as { itemListElement: { item: { "@type": string; offers: { priceCurrency: string } } }[] };
    expect(list.itemListElement.length, shop).toBeGreaterThan(0);
    for (const { item } of list.itemListElement) {
      expect(item["@type"]).toBe("Product");
      expect(item.offers.priceCurrency).toBe("AUD");
    }
  }
});
