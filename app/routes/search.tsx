import { Suspense } from "react";
import { Await, useAsyncError } from "react-router";
import { readSearchQuery, type SearchScope } from "~core/search/search-query";
import type { SearchResponse } from "~core/search/search-response";
import { fetchSearch, SEARCH_UNAVAILABLE } from "~/features/search/fetch-search";
import { SEARCH_PAGE_SLOT, SearchPageView, SearchResults } from "~/features/search/search-view";
import styles from "~/features/search/search-view.module.css";
import { SERVER_RENDERED } from "~/lib/hydrate-on-intent";
import { pageMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/search";

export const meta = () =>
  pageMeta({
    title: "Search",
    description:
      "Search the Kybernetes shop and site: books, cyberware tools, merchandise, information pages, courses and glossary terms.",
    path: paths.search,
  });

/** The slot as the document holds it on first load: server-rendered results, or the shell. */
function slotInDocument(): HTMLElement | null {
  return typeof document === "undefined" ? null : document.getElementById(SEARCH_PAGE_SLOT);
}

/**
 * The page is prerendered as a shell. A full page load of /search?q= gets the results rendered
 * into it by the server (server/search-page.ts), so they show before any JavaScript runs; the
 * browser then asks GET /api/search for the same answer (a cached one) and React takes over
 * once it has it, so nothing on screen changes. A client-side search does not wait: the heading
 * shows at once and the results stream in.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const parsed = readSearchQuery(url.searchParams.get("q"), url.searchParams.get("scope"));
  if (!parsed.ok) {
    // Refused here with the API's own message, without asking it.
    return { query: parsed.q, scope: "all" as SearchScope, invalid: parsed.message };
  }
  const { q, scope } = parsed;
  if (!q) return { query: q, scope };
  const results = fetchSearch(q, scope, request.signal);
  if (slotInDocument()?.hasAttribute(SERVER_RENDERED)) {
    // Waiting here keeps the server's markup on screen instead of a "Searching…" flash.
    const response = await results.catch(() => undefined);
    if (response) return { query: q, scope, response };
  }
  // <Await> shows a failure; marking the promise handled keeps the browser from also
  // reporting it as an unhandled rejection when it settles before <Await> subscribes.
  results.catch(() => {});
  return { query: q, scope, results };
}

export function HydrateFallback() {
  // Hydration must reproduce the document exactly, so the slot keeps whatever the server put
  // there. While prerendering there is no document and the shell is written.
  const slot = slotInDocument();
  if (slot) {
    return (
      <div
        id={SEARCH_PAGE_SLOT}
        {...(slot.hasAttribute(SERVER_RENDERED) ? { [SERVER_RENDERED]: "" } : {})}
        dangerouslySetInnerHTML={{ __html: slot.innerHTML }}
      />
    );
  }
  return (
    <div id={SEARCH_PAGE_SLOT}>
      <h1>Search</h1>
      <p role="status">Loading search results…</p>
    </div>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, scope } = loaderData;
  const response = "response" in loaderData ? loaderData.response : undefined;
  const results = "results" in loaderData ? loaderData.results : undefined;
  const invalid = "invalid" in loaderData ? loaderData.invalid : undefined;
  if (!response && !results && !invalid) {
    return (
      <>
        <h1>Search</h1>
        <p>
          Type what you are looking for into the search box at the top of the page: a product, a
          topic or a word from our glossary.
        </p>
      </>
    );
  }
  return (
    <SearchPageView query={query} scope={scope}>
      {invalid ? (
        <p role="alert" className={styles.error}>
          {invalid}
        </p>
      ) : response ? (
        <SearchResults response={response} />
      ) : (
        <Suspense fallback={<p role="status">Searching…</p>}>
          <Await resolve={results} errorElement={<SearchFailed />}>
            {(answer: SearchResponse | undefined) =>
              answer ? <SearchResults response={answer} /> : null
            }
          </Await>
        </Suspense>
      )}
    </SearchPageView>
  );
}

function SearchFailed() {
  const error = useAsyncError();
  const message = error instanceof Error && error.message ? error.message : SEARCH_UNAVAILABLE;
  return (
    <p role="alert" className={styles.error}>
      {message}
    </p>
  );
}
