import { oneCardPerChoice } from "#core/catalog/product-cards.ts";
import { lineNameOf } from "#core/orders/order-pricing.ts";
import { FAREWELL_PARAM, FarewellNotice } from "#app/features/auth/farewell.tsx";
import { AddToCartButton } from "#app/features/cart/add-to-cart-button.tsx";
import { addToCartWithoutScript } from "#app/features/cart/add-to-cart-without-script.ts";
import { CartNeedsJavaScript } from "#app/features/cart/cart-needs-java-script.tsx";
import { loadContentModule, loadedContentModule } from "#app/features/content/content-modules.ts";
import { contentPageAt } from "#app/features/content/content-pages.ts";
import { HomePage } from "#app/features/content/home-page.tsx";
import { FeaturedProducts, HOME_FEATURED_MAX } from "#app/features/shop/featured-products.tsx";
import { StockLine } from "#app/features/shop/stock-line.tsx";
import { catalogueOf } from "#app/lib/catalogue.ts";
import { loadAsDocument } from "#app/lib/html-first.ts";
import { showsCatalogue } from "#app/lib/route-handle.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { paths } from "#app/paths.ts";
import type { Route } from "./+types/home";

export const meta = ({ loaderData: page }: Route.MetaArgs) =>
  page ? pageMeta({ title: page.title, description: page.description, path: paths.home }) : [];

// HTML first like the shops (decision 030), and kept until the catalogue changes: staff choose
// what it features (issue 39).
export const handle = showsCatalogue({ query: [FAREWELL_PARAM] });

export async function loader({ context }: Route.LoaderArgs) {
  const page = contentPageAt(paths.home);
  if (!page) throw new Error("the home page is missing from content-pages.ts");
  const module = await loadContentModule(page);
  const catalogue = catalogueOf(context);
  const featured = oneCardPerChoice(
    catalogue.featured.map(({ stock: _opening, ...product }) => product),
    catalogue.products,
  ).slice(0, HOME_FEATURED_MAX);
  return { source: page.source, ...module.meta, featured };
}

export const clientLoader = loadAsDocument;

export const action = (args: Route.ActionArgs) => addToCartWithoutScript(args);

const stockLineId = (productId: number) => `stock-${productId}`;

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const module = loadedContentModule(loaderData.source);
  if (!module) return null;
  const { featured } = loaderData;
  return (
    <>
      <FarewellNotice />
      <HomePage
        Content={module.default}
        featured={
          featured.length > 0 ? (
            <FeaturedProducts
              products={featured}
              renderAvailability={(product) => (
                <StockLine unitsLeft={product.unitsLeft} id={stockLineId(product.id)} />
              )}
              renderAction={(product) => (
                <>
                  <AddToCartButton
                    product={product}
                    // An index route's action is asked for with `?index`; "/" alone is the root's.
                    formAction={`${paths.home}?index`}
                    outOfStock={product.unitsLeft === 0 ? stockLineId(product.id) : undefined}
                  />
                  {actionData?.needsScript === product.id ? (
                    <CartNeedsJavaScript name={lineNameOf(product)} />
                  ) : null}
                </>
              )}
            />
          ) : undefined
        }
      />
    </>
  );
}
