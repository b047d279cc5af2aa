import type { ReactNode } from "react";
import { Link } from "react-router";
import type { SearchScope } from "#core/search/search-query.ts";
import type { Product } from "#core/catalog/product.ts";
import type { SearchResponse } from "#core/search/search-response.ts";
import { paths } from "#app/paths.ts";
import { PageResults } from "./page-results.tsx";
import { SEARCH_SCOPES } from "./search-scopes.ts";
import styles from "./search-results.module.css";

/** The heading and scope links of a search for `query`; the results or a message go below. */
export function SearchPageView({
  query,
  scope,
  children,
}: {
  query: string;
  scope: SearchScope;
  children: ReactNode;
}) {
  return (
    <>
      <h1 className={styles.title}>
        Search results for <span className={styles.query}>{query}</span>
      </h1>
      <ScopeLinks query={query} scope={scope} />
      {children}
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

export interface SearchResultsProps {
  response: SearchResponse;
  /** The product cards of the shop section, given by the route. */
  renderProducts: (products: readonly Product[]) => ReactNode;
}

export function SearchResults({ response, renderProducts }: SearchResultsProps) {
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
          {renderProducts(products)}
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
