import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { caseVariants, notFoundPrerenderPath, unlistedPaths } from "../app/paths";

/** Every prerendered page worth submitting to search engines, as site paths. */
export function indexablePaths(clientDir: string): string[] {
  return readdirSync(clientDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === "index.html")
    .map((entry) => {
      const dir = path.relative(clientDir, entry.parentPath).split(path.sep).join("/");
      return {
        urlPath: dir === "" ? "/" : `/${dir}`,
        file: path.join(entry.parentPath, entry.name),
      };
    })
    .filter(
      ({ urlPath }) =>
        urlPath !== notFoundPrerenderPath &&
        !(urlPath in caseVariants) &&
        !unlistedPaths.includes(urlPath),
    )
    .filter(({ file }) => !/<meta name="robots" content="noindex"/.test(readFileSync(file, "utf8")))
    .map(({ urlPath }) => urlPath)
    .sort();
}

export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const urls = paths.map((urlPath) => `  <url><loc>${siteUrl}${urlPath}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

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

/** Run after prerendering (react-router.config.ts `buildEnd`). */
export function writeSeoFiles(clientDir: string, siteUrl: string) {
  const paths = indexablePaths(clientDir);
  writeFileSync(path.join(clientDir, "sitemap.xml"), sitemapXml(siteUrl, paths));
  writeFileSync(path.join(clientDir, "robots.txt"), robotsTxt(siteUrl));
}
