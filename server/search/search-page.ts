import { access } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { searchQuerySchema } from "../../core/search/search";
import type { SearchScope } from "../../core/search/search-query";
import type { SearchResponse } from "../../core/search/search-response";
import { cachedBody } from "../lib/cached-body";
import { Lru } from "../lib/lru";
import type { StaticFile } from "../static-site";
import type { SearchEngine } from "./search-engine";

/** What scripts/build-search-renderer.ts builds from app/features/search/search-page-markup.tsx. */
export interface SearchRenderer {
  renderSearchPage(input: { query: string; scope: SearchScope; response: SearchResponse }): string;
}

/**
 * Loads the built renderer. A missing file (a build without it, `npm run dev`) means search
 * pages are served as the prerendered shell, which fetches its results in the browser; a file
 * that is there but does not load stops the start, because the build is broken.
 */
export async function loadSearchRenderer(file: string): Promise<SearchRenderer | undefined> {
  try {
    await access(file);
  } catch {
    return undefined;
  }
  const module = (await import(pathToFileURL(file).href)) as Partial<SearchRenderer>;
  if (typeof module.renderSearchPage !== "function") {
    throw new Error(`${file} does not export renderSearchPage; run "npm run build" again`);
  }
  return module as SearchRenderer;
}

/**
 * The element of the prerendered /search shell that holds the page below the header
 * (SEARCH_PAGE_SLOT and HydrateFallback in app/routes/search.tsx). The shell's version holds
 * no nested <div>, so the first </div> closes it.
 */
const SHELL_SLOT = /<div id="search-page">[\s\S]*?<\/div>/;

/** Rendered pages kept, by URL; the catalogue is fixed while the server runs. */
const MAX_CACHED_PAGES = 200;

/**
 * A full page load of /search?q= gets the results in its HTML (docs/decisions/009), so they
 * show at the first paint, without waiting for JavaScript and then the API. Returns undefined
 * (serve the shell as it is) for a missing or invalid query; the page then explains in the
 * browser, as before.
 */
export function createSearchPage(
  shell: StaticFile,
  renderer: SearchRenderer,
  engine: SearchEngine,
): (url: string, query: unknown) => StaticFile | undefined {
  const html = shell.body.toString("utf8");
  const slot = SHELL_SLOT.exec(html);
  if (!slot) {
    throw new Error('The /search page has no search-page slot; run "npm run build" again');
  }
  const before = html.slice(0, slot.index);
  const after = html.slice(slot.index + slot[0].length);
  const pages = new Lru<string, StaticFile>(MAX_CACHED_PAGES);

  return (url, query) => {
    const cached = pages.get(url);
    if (cached) return cached;
    const parsed = searchQuerySchema.safeParse(query);
    if (!parsed.success || !parsed.data.q) return undefined;
    const { q, scope } = parsed.data;
    const response = JSON.parse(engine.answer(q, scope)) as SearchResponse;
    const markup = renderer.renderSearchPage({ query: q, scope, response });
    const page: StaticFile = {
      ...cachedBody(
        Buffer.from(
          `${before}<div id="search-page" data-server-rendered="">${markup}</div>${after}`,
        ),
        true,
        { fast: true },
      ),
      contentType: shell.contentType,
      // The same inline scripts as the shell, so the shell's policy fits.
      ...(shell.csp ? { csp: shell.csp } : {}),
      cacheControl: "no-cache",
    };
    pages.set(url, page);
    return page;
  };
}
