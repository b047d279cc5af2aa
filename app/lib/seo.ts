import type { MetaDescriptor } from "react-router";
import { siteConfig } from "#core/site-config.ts";
import { DEFAULT_SITE_URL } from "#core/site-url.ts";
import { canonicalPath, noIndexPaths } from "#app/paths.ts";

/** Absolute site address used for canonical and sharing links (SITE_URL at build time). */
export const siteUrl: string = import.meta.env.VITE_SITE_URL ?? DEFAULT_SITE_URL;

export interface PageSeo {
  title: string;
  description: string;
  /** The route's path; case variants are folded into one canonical address. */
  path: string;
  /** Leave the page out of search engines (404); the paths in `noIndexPaths` always are. */
  noIndex?: boolean;
}

/** Title, description, canonical URL and sharing tags for a route's `meta` export. */
export function pageMeta({ title, description, path, ...rest }: PageSeo): MetaDescriptor[] {
  const noIndex = rest.noIndex ?? noIndexPaths.includes(path);
  const fullTitle = title.includes(siteConfig.brand) ? title : `${title} | ${siteConfig.brand}`;
  const url = `${siteUrl}${canonicalPath(path)}`;
  const image = `${siteUrl}/media/og-image.png`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    ...(noIndex ? [] : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteConfig.brand },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${siteConfig.brand} helm emblem and wordmark` },
    { property: "og:locale", content: "en_AU" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    ...(noIndex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
