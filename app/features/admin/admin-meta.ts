import type { MetaDescriptor } from "react-router";
import { siteConfig } from "#core/site-config.ts";

/** Every back-office page: its title, and never indexed or followed. */
export function adminMeta(title: string): MetaDescriptor[] {
  return [
    { title: `${title} | Back office | ${siteConfig.brand}` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}
