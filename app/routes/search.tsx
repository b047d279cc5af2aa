import { useLocation } from "react-router";
import {
  QUERY_TOO_LONG,
  QUERY_UNSAFE,
  readSearchQuery,
  SEARCH_QUERY_PARAMS,
} from "#core/search/search-query.ts";
import { AddToCartButton } from "#app/features/cart/add-to-cart-button.tsx";
import { MatchNote, SearchPageView, SearchResults } from "#app/features/search/search-results.tsx";
import styles from "#app/features/search/search-results.module.css";
import { ProductGrid } from "#app/features/shop/product-card.tsx";
import { oneCardPerChoice } from "#core/catalog/product-cards.ts";
import { StockLine } from "#app/features/shop/stock-line.tsx";
import { CartNeedsJavaScript } from "#app/features/cart/cart-needs-java-script.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import { paths } from "#app/paths.ts";
import { servicesContext } from "#app/load-context.ts";
import { catalogueOf } from "#app/lib/catalogue.ts";
import { lineNameOf } from "#core/orders/order-pricing.ts";
import type { Route } from "./+types/search";
import { loadAsDocument } from "#app/lib/html-first.ts";
import { addToCartWithoutScript } from "#app/features/cart/add-to-cart-without-script.ts";

export const meta = () =>
  pageMeta({
    title: "Search",
    description:
      "Search the Kybernetes shop and site: books, cyberware tools, merchandise, information pages, courses and glossary terms.",
    path: paths.search,
  });

// HTML first (decision 030): no framework script; the scopes and filters are links.
export const handle = { query: SEARCH_QUERY_PARAMS };

export const SEARCH_UNAVAILABLE =
  "Search is not available right now. Please try again in a moment.";

/** Rendered by the server (decision 011): the results are in the first HTML response. */
export function loader({ url, context }: Route.LoaderArgs) {
  const parsed = readSearchQuery(url.searchParams);
  if (!parsed.ok) {
    return { request: { q: parsed.q, scope: "all" as const }, invalid: parsed.message };
  }
  if (!parsed.request.q) return { request: parsed.request };
  const { search } = context.get(servicesContext);
  const response = search.results(parsed.request);
  const products = oneCardPerChoice(response.products, catalogueOf(context).products);
  return { request: parsed.request, response: { ...response, products } };
}

export const clientLoader = loadAsDocument;

export const action = (args: Route.ActionArgs) => addToCartWithoutScript(args);

export default function Search({ loaderData, actionData }: Route.ComponentProps) {
  return <SearchPage loaderData={loaderData} needsScript={actionData?.needsScript} />;
}

const stockLineId = (productId: number) => `stock-${productId}`;

/** Whether a refused search's text is fit to show again (only a price filter was wrong). */
const showsText = (refusal: string | undefined) =>
  refusal !== QUERY_TOO_LONG && refusal !== QUERY_UNSAFE;

function SearchPage({
  loaderData,
  needsScript,
}: Pick<Route.ComponentProps, "loaderData"> & { needsScript: number | undefined }) {
  const { request } = loaderData;
  const location = useLocation();
  if ("invalid" in loaderData && !showsText(loaderData.invalid)) {
    // Text too long, or with control characters: not repeated in the heading.
    return (
      <>
        <h1>Search</h1>
        <p role="alert" className={styles.error}>
          {loaderData.invalid}
        </p>
      </>
    );
  }
  if ("invalid" in loaderData) {
    return (
      <SearchPageView request={request}>
        <p role="alert" className={styles.error}>
          {loaderData.invalid}
        </p>
      </SearchPageView>
    );
  }
  const response = "response" in loaderData ? loaderData.response : undefined;
  if (!response) {
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
    <SearchPageView request={request}>
      <SearchResults
        response={response}
        renderProducts={(products) => (
          <ProductGrid
            products={products}
            headingLevel={3}
            renderAvailability={(product) => (
              <StockLine unitsLeft={product.unitsLeft} id={stockLineId(product.id)} />
            )}
            renderAction={(product) => (
              <>
                <AddToCartButton
                  product={product}
                  formAction={`${location.pathname}${location.search}`}
                  outOfStock={product.unitsLeft === 0 ? stockLineId(product.id) : undefined}
                />
                {needsScript === product.id ? (
                  <CartNeedsJavaScript name={lineNameOf(product)} />
                ) : null}
              </>
            )}
            renderNote={(product) => <MatchNote product={product} />}
          />
        )}
      />
    </SearchPageView>
  );
}

export function ErrorBoundary() {
  return (
    <>
      <h1>Search</h1>
      <p role="alert" className={styles.error}>
        {SEARCH_UNAVAILABLE}
      </p>
    </>
  );
}
