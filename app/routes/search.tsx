import { Suspense, type ReactNode } from "react";
import { Await, Link, useAsyncError } from "react-router";
import { readSearchQuery, type SearchScope } from "~core/search/search-query";
import type { SearchResponse } from "~core/search/search-response";
import { ProductGrid } from "~/components/product-card";
import { fetchSearch, SEARCH_UNAVAILABLE } from "~/features/search/fetch-search";
import { PageResults } from "~/features/search/page-results";
import { SEARCH_SCOPES } from "~/features/search/search-scopes";
import { pageMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/search";
import styles from "./search.module.css";

export const meta = () =>
  pageMeta({
    title: "Search",
    description:
      "Search the Kybernetes shop and site: books, cyberware tools, merchandise, information pages, courses and glossary terms.",
    path: paths.search,
  });

/**
 * The page is prerendered as a shell; the results come from GET /api/search in the browser,
 * for the q and scope in the URL. The answer is not awaited here, so the heading shows at once
 * and the results stream in.
 */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const parsed = readSearchQuery(url.searchParams.get("q"), url.searchParams.get("scope"));
  if (!parsed.ok) {
    // Refused here with the API's own message, without asking it.
    return { query: parsed.q, scope: "all" as SearchScope, invalid: parsed.message };
  }
  const { q, scope } = parsed;
  const results = q ? fetchSearch(q, scope, request.signal) : undefined;
  // <Await> shows a failure; marking the promise handled keeps the browser from also
  // reporting it as an unhandled rejection when it settles before <Await> subscribes.
  results?.catch(() => {});
  return { query: q, scope, results };
}

export function HydrateFallback() {
  return (
    <>
      <h1>Search</h1>
      <p role="status">Loading search results…</p>
    </>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, scope } = loaderData;
  const results = "results" in loaderData ? loaderData.results : undefined;
  const invalid = "invalid" in loaderData ? loaderData.invalid : undefined;
  if (!results && !invalid) {
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
    <>
      <h1 className={styles.title}>
        Search results for <span className={styles.query}>{query}</span>
      </h1>
      <ScopeLinks query={query} scope={scope} />
      {invalid ? (
        <p role="alert" className={styles.error}>
          {invalid}
        </p>
      ) : results ? (
        <Suspense fallback={<p role="status">Searching…</p>}>
          <Await resolve={results} errorElement={<SearchFailed />}>
            {(response) => <SearchResults response={response} />}
          </Await>
        </Suspense>
      ) : null}
    </>
  );
}

function ScopeLinks({ query, scope }: { query: string; scope: SearchScope }) {
  return (
    <nav aria-label="Search in" className={styles.scopes}>
      <ul>
        {SEARCH_SCOPES.map((option) => (
          <li key={option.value}>
            <Link
              to={{
                pathname: paths.search,
                search: `?${new URLSearchParams({ scope: option.value, q: query })}`,
              }}
              aria-current={option.value === scope ? "page" : undefined}
            >
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SearchResults({ response }: { response: SearchResponse }) {
  const { scope, products, moreProducts, pages, morePages } = response;
  return (
    <div className={styles.sections}>
      <p role="status" className="visually-hidden">
        {resultsSummary(response)}
      </p>
      {scope !== "page" ? (
        <ResultSection
          id="shop-results"
          title="Shop"
          count={products.length}
          noun="products"
          more={moreProducts}
          empty="No shop results found."
        >
          <ProductGrid products={products} headingLevel={3} />
        </ResultSection>
      ) : null}
      {scope !== "shop" ? (
        <ResultSection
          id="page-results"
          title="Pages"
          count={pages.length}
          noun="pages"
          more={morePages}
          empty="No page results found."
        >
          <PageResults hits={pages} />
        </ResultSection>
      ) : null}
    </div>
  );
}

interface ResultSectionProps {
  id: string;
  title: string;
  count: number;
  noun: string;
  /** More matched than the API returns. */
  more: boolean;
  /** SPEC §2: what an empty section says. */
  empty: string;
  children: ReactNode;
}

function ResultSection({ id, title, count, noun, more, empty, children }: ResultSectionProps) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {count === 0 ? (
        <p>{empty}</p>
      ) : (
        <>
          {children}
          {more ? (
            <p className={styles.more}>
              Showing the first {count} {noun}. Add a word to narrow the search.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function resultsSummary({ scope, products, pages }: SearchResponse): string {
  const parts = [
    scope !== "page" ? `${products.length} ${products.length === 1 ? "product" : "products"}` : "",
    scope !== "shop" ? `${pages.length} ${pages.length === 1 ? "page" : "pages"}` : "",
  ].filter(Boolean);
  return `Found ${parts.join(" and ")}.`;
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
