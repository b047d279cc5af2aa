import type { CardChoice } from "#core/catalog/product-cards.ts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatMoney } from "#core/format.ts";
import { toCents } from "#core/money/money.ts";
import { searchHref, type SearchRequest } from "#core/search/search-query.ts";
import type { ProductHit, SearchResponse } from "#core/search/search-response.ts";
import { Highlighted } from "./highlighted.tsx";
import { PageResults } from "./page-results.tsx";
import { SEARCH_SCOPES } from "./search-scopes.ts";
import styles from "./search-results.module.css";

export function SearchPageView({
  request,
  children,
}: {
  request: SearchRequest;
  children: ReactNode;
}) {
  return (
    <>
      <h1 className={styles.title}>
        Search results for <span className={styles.query}>{request.q}</span>
      </h1>
      <ScopeLinks request={request} />
      {children}
    </>
  );
}

function ScopeLinks({ request }: { request: SearchRequest }) {
  return (
    <nav aria-label="Search in" className={styles.scopes}>
      <ul>
        {SEARCH_SCOPES.map((option) => (
          <li key={option.value}>
            <Link
              to={searchHref({ ...request, scope: option.value })}
              aria-current={option.value === request.scope ? "page" : undefined}
            >
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A result's card: a format's sizes and colours are one, with its choice (issue 37). */
export type ProductResult = ProductHit & { choice?: CardChoice };

export interface SearchResultsProps<P extends ProductResult> {
  response: Omit<SearchResponse, "products"> & { products: P[] };
  renderProducts: (products: readonly P[]) => ReactNode;
}

export function SearchResults<P extends ProductResult>({
  response,
  renderProducts,
}: SearchResultsProps<P>) {
  const { scope, products, pages, glossary } = response;
  const request = requestOf(response);
  const filtered =
    request.category !== undefined || request.min !== undefined || request.max !== undefined;
  return (
    <div className={styles.sections}>
      <p role="status" className="visually-hidden">
        {resultsSummary(response)}
      </p>
      {response.didYouMean ? (
        <p className={styles.didYouMean}>
          Did you mean{" "}
          <Link to={searchHref({ ...request, q: response.didYouMean })}>{response.didYouMean}</Link>
          ?
        </p>
      ) : null}
      {scope !== "page" ? (
        <ResultSection
          id="shop-results"
          title="Shop"
          count={products.length}
          more={
            response.moreProducts
              ? `Showing the first ${products.length} of ${response.productCount} products. Add a word or a filter to narrow the search.`
              : undefined
          }
          empty={filtered ? "No shop results match these filters." : "No shop results found."}
          aside={response.productCount > 0 || filtered ? <ShopFilters response={response} /> : null}
        >
          {renderProducts(products)}
        </ResultSection>
      ) : null}
      {scope !== "shop" ? (
        <>
          <ResultSection
            id="page-results"
            title="Pages"
            count={pages.length}
            more={response.morePages ? moreText(pages.length, "pages") : undefined}
            empty="No page results found."
          >
            <PageResults hits={pages} />
          </ResultSection>
          <ResultSection
            id="glossary-results"
            title="Glossary"
            count={glossary.length}
            more={response.moreGlossary ? moreText(glossary.length, "terms") : undefined}
            empty="No glossary terms found."
          >
            <PageResults hits={glossary} />
          </ResultSection>
        </>
      ) : null}
    </div>
  );
}

export function MatchNote({ product }: { product: ProductHit }) {
  const { match } = product;
  return (
    <p className={styles.match}>
      {match.typo ? "Close match in " : "Matched in "}
      {match.label.toLowerCase()}: <Highlighted text={match.text} marks={match.marks} />
    </p>
  );
}

function requestOf(response: SearchResponse): SearchRequest {
  return {
    q: response.query,
    scope: response.scope,
    ...(response.filters as Pick<SearchRequest, "category" | "min" | "max">),
  };
}

function moreText(count: number, noun: string) {
  return `Showing the first ${count} ${noun}. Add a word to narrow the search.`;
}

/** Links, like the shop's filters (decision 012): they work without JavaScript. */
function ShopFilters({ response }: { response: SearchResponse }) {
  const request = requestOf(response);
  const { categories, prices } = response.facets;
  const anyCategory = categories.reduce((sum, option) => sum + option.count, 0);
  const samePrice = (min?: number, max?: number) => request.min === min && request.max === max;
  const custom =
    (request.min !== undefined || request.max !== undefined) &&
    !prices.some((band) => samePrice(band.min, band.max));
  return (
    <div className={styles.filters}>
      <FilterList
        label="Category"
        options={[
          {
            text: `Any category (${anyCategory})`,
            to: searchHref({ ...request, category: undefined }),
            current: !request.category,
          },
          ...categories.map((option) => ({
            text: `${option.label} (${option.count})`,
            to: searchHref({ ...request, category: option.value as SearchRequest["category"] }),
            current: request.category === option.value,
          })),
        ]}
      />
      <FilterList
        label="Price"
        options={[
          {
            text: "Any price",
            to: searchHref({ ...request, min: undefined, max: undefined }),
            current: request.min === undefined && request.max === undefined,
          },
          ...prices.map((band) => ({
            text: `${band.label} (${band.count})`,
            to: searchHref({ ...request, min: band.min, max: band.max }),
            current: samePrice(band.min, band.max),
          })),
          ...(custom
            ? [
                {
                  text: priceLabel(request.min, request.max),
                  to: searchHref(request),
                  current: true,
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}

function FilterList({
  label,
  options,
}: {
  label: string;
  options: { text: string; to: string; current: boolean }[];
}) {
  return (
    <nav aria-label={`Filter by ${label.toLowerCase()}`}>
      <h3 className={styles.filterTitle}>{label}</h3>
      <ul>
        {options.map((option) => (
          <li key={option.text}>
            <Link to={option.to} aria-current={option.current ? "page" : undefined}>
              {option.text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function priceLabel(min?: number, max?: number): string {
  const aud = (dollars: number) => formatMoney(toCents(dollars));
  if (min !== undefined && max !== undefined) return `${aud(min)} to ${aud(max)}`;
  if (min !== undefined) return `${aud(min)} and over`;
  return `Up to ${aud(max ?? 0)}`;
}

interface ResultSectionProps {
  id: string;
  title: string;
  count: number;
  more: string | undefined;
  /** SPEC §2: what an empty section says. */
  empty: string;
  aside?: ReactNode;
  children: ReactNode;
}

function ResultSection({ id, title, count, more, empty, aside, children }: ResultSectionProps) {
  return (
    <section aria-labelledby={id} className={aside ? styles.withFilters : undefined}>
      <h2 id={id}>{title}</h2>
      {aside}
      <div>
        {count === 0 ? (
          <p>{empty}</p>
        ) : (
          <>
            {children}
            {more ? <p className={styles.more}>{more}</p> : null}
          </>
        )}
      </div>
    </section>
  );
}

function resultsSummary({ scope, products, pages, glossary }: SearchResponse): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [
    scope !== "page" ? count(products.length, "product", "products") : "",
    scope !== "shop" ? count(pages.length, "page", "pages") : "",
    scope !== "shop" ? count(glossary.length, "glossary term", "glossary terms") : "",
  ].filter(Boolean);
  return `Found ${parts.join(", ")}.`;
}
