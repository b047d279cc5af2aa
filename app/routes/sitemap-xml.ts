import { sitemapXml } from "#app/lib/seo-files.ts";
import { siteUrl } from "#app/lib/seo.ts";
import { indexablePaths } from "#app/paths.ts";

/** /sitemap.xml, prerendered: every page worth indexing. */
export function loader() {
  return new Response(sitemapXml(siteUrl, indexablePaths()), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
