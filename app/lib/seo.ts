import type { MetaDescriptor } from "react-router";
import { siteConfig } from "~core/site-config";
import { canonicalPath } from "~/paths";

/** Absolute site address used for canonical and sharing links (SITE_URL at build time). */
export const siteUrl = (import.meta.env.VITE_SITE_URL ?? "https://kybernetes.com.au").replace(
  /\/$/,
  "",
);

export interface PageSeo {
  title: string;
  description: string;
  /** The route's path; case variants are folded into one canonical address. */
  path: string;
  /** Leave the page out of search engines (404, account screens). */
  noIndex?: boolean;
}

/** Title, description, canonical URL and sharing tags for a route's `meta` export. */
export function pageMeta({ title, description, path, noIndex }: PageSeo): MetaDescriptor[] {
  const fullTitle = title.includes(siteConfig.brand) ? title : `${title} | ${siteConfig.brand}`;
  const url = `${siteUrl}${canonicalPath(path)}`;
  const image = `${siteUrl}/media/kybernetes-logo.png`;
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
    { name: "twitter:card", content: "summary_large_image" },
    ...(noIndex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
