import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { SearchScope } from "~core/search/search-query";
import type { SearchResponse } from "~core/search/search-response";
import { SearchPageView, SearchResults } from "./search-view";

export interface SearchPageInput {
  query: string;
  scope: SearchScope;
  response: SearchResponse;
}

/**
 * The search page's content as HTML, for the server to put into the prerendered shell (built
 * on its own by scripts/build-search-renderer.ts; never part of the browser bundle). It is the
 * same component the route renders, so React's own render replaces it without a visible change.
 */
export function renderSearchPage({ query, scope, response }: SearchPageInput): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <SearchPageView query={query} scope={scope}>
        <SearchResults response={response} />
      </SearchPageView>
    </MemoryRouter>,
  );
}
