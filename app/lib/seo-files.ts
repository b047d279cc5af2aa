/** sitemap.xml for the given site paths, as absolute URLs. */
export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const urls = paths.map((urlPath) => `  <url><loc>${siteUrl}${urlPath}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/**
 * robots.txt: everything but the API may be crawled. The visitor's own pages are not
 * disallowed: a crawler has to read them to see their `noindex`.
 */
export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
