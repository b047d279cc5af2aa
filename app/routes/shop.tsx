import { data, useLocation } from "react-router";
import { oneCardPerChoice } from "#core/catalog/product-cards.ts";
import { distinctValues, productsInCategory } from "#core/catalog/shop.ts";
import { AddToCartButton } from "#app/features/cart/add-to-cart-button.tsx";
import { CartCountPanel } from "#app/features/cart/cart-count-panel.tsx";
import { CartNeedsJavaScript } from "#app/features/cart/cart-needs-java-script.tsx";
import { ShopScreen } from "#app/features/shop/shop-layout.tsx";
import { shopAt } from "#app/features/shop/shops.ts";
import { StockLine } from "#app/features/shop/stock-line.tsx";
import { catalogueOf } from "#app/lib/catalogue.ts";
import { showsCatalogue } from "#app/lib/route-handle.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { lineNameOf } from "#core/orders/order-pricing.ts";
import type { Route } from "./+types/shop";
import { loadAsDocument } from "#app/lib/html-first.ts";
import { addToCartWithoutScript } from "#app/features/cart/add-to-cart-without-script.ts";

export const meta = ({ loaderData: page }: Route.MetaArgs) => {
  const shop = page ? shopAt(page.path) : undefined;
  return shop ? pageMeta({ ...shop.seo, path: shop.path }) : [];
};

// HTML first (decision 030): no framework script; books and cyberware filter on `genre`,
// merchandise on `type` (app/features/shop/shops.ts), each a link to a page of its own.
export const handle = showsCatalogue({ query: ["genre", "type"] });

// Kept until the catalogue changes, filters too: what the stock lines say is part of it.
export function loader({ url, context }: Route.LoaderArgs) {
  const shop = shopAt(url.pathname);
  if (!shop) throw data(null, { status: 404 });
  const products = oneCardPerChoice(
    productsInCategory(catalogueOf(context).products, shop.category).map(
      ({ stock: _opening, ...product }) => product,
    ),
  );
  return {
    path: shop.path,
    products,
    choices: shop.choices ?? distinctValues(products, shop.filterBy),
  };
}

export const clientLoader = loadAsDocument;

export const action = (args: Route.ActionArgs) => addToCartWithoutScript(args);

const stockLineId = (productId: number) => `stock-${productId}`;

export default function Shop({ loaderData, actionData }: Route.ComponentProps) {
  const shop = shopAt(loaderData.path);
  const location = useLocation();
  if (!shop) return null;
  return (
    <ShopScreen
      shop={shop}
      products={loaderData.products}
      choices={loaderData.choices}
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
          {actionData?.needsScript === product.id ? (
            <CartNeedsJavaScript name={lineNameOf(product)} />
          ) : null}
        </>
      )}
      aside={<CartCountPanel />}
    />
  );
}
