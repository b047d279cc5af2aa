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
  image?: { path: string; alt: string; width?: number; height?: number } | undefined;
  type?: "website" | "product";
}

const SITE_IMAGE = {
  path: "/media/og-image.png",
  alt: `${siteConfig.brand} helm emblem and wordmark`,
  width: 1200,
  height: 630,
};

export function pageMeta({ title, description, path, ...rest }: PageSeo): MetaDescriptor[] {
  const noIndex = rest.noIndex ?? noIndexPaths.includes(path);
  const fullTitle = title.includes(siteConfig.brand) ? title : `${title} | ${siteConfig.brand}`;
  const url = `${siteUrl}${canonicalPath(path)}`;
  const picture = rest.image ?? SITE_IMAGE;
  const image = `${siteUrl}${picture.path}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    ...(noIndex ? [] : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:type", content: rest.type ?? "website" },
    { property: "og:site_name", content: siteConfig.brand },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    ...(picture.width && picture.height
      ? [
          { property: "og:image:width", content: String(picture.width) },
          { property: "og:image:height", content: String(picture.height) },
        ]
      : []),
    { property: "og:image:alt", content: picture.alt },
    { property: "og:locale", content: "en_AU" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: picture.alt },
    ...(noIndex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
