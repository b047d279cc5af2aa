import type { MDXContent } from "mdx/types";
import type { ContentPageEntry } from "./content-pages.ts";

export interface ContentModule {
  default: MDXContent;
  meta: { title: string; description: string };
}

// One chunk per page: a visit loads only the page it shows (and pages without JavaScript none).
const importers = import.meta.glob<ContentModule>([
  "/content/pages/*.mdx",
  // Introductions of routes with their own module.
  "!/content/pages/{contact-us,terminologies}.mdx",
]);
const loaded = new Map<string, ContentModule>();

export async function loadContentModule(page: ContentPageEntry): Promise<ContentModule> {
  const cached = loaded.get(page.source);
  if (cached) return cached;
  const importer = importers[`/content/pages/${page.source}.mdx`];
  if (!importer) throw new Error(`content/pages/${page.source}.mdx is missing`);
  const module = await importer();
  loaded.set(page.source, module);
  return module;
}

export function loadedContentModule(source: string): ContentModule | undefined {
  return loaded.get(source);
}
