import { sitemapXml } from "#app/lib/seo-files.ts";
import { catalogueOf } from "#app/lib/catalogue.ts";
import { showsCatalogue } from "#app/lib/route-handle.ts";
import { siteUrl } from "#app/lib/seo.ts";
import { indexablePaths, productPath } from "#app/paths.ts";
import type { Route } from "./+types/sitemap-xml";

// Lists every product's page, so it follows the catalogue: never prerendered.
export const handle = showsCatalogue({});

export function loader({ context }: Route.LoaderArgs) {
  const products = catalogueOf(context).products.map((product) => productPath(product));
  return new Response(sitemapXml(siteUrl, [...indexablePaths(), ...products]), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
