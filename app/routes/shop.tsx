import { data, useLocation } from "react-router";
import { distinctValues, productsInCategory } from "#core/catalog/shop.ts";
import { availability } from "#core/orders/availability.ts";
import { AddToCartButton } from "#app/features/cart/add-to-cart-button.tsx";
import { CartCountPanel } from "#app/features/cart/cart-count-panel.tsx";
import { CartNeedsJavaScript } from "#app/features/cart/cart-needs-java-script.tsx";
import { ShopScreen } from "#app/features/shop/shop-layout.tsx";
import { shopAt } from "#app/features/shop/shops.ts";
import { StockLine } from "#app/features/shop/stock-line.tsx";
import { loadStockLevels } from "#app/features/shop/load-stock-levels.ts";
import { catalogueOf } from "#app/lib/catalogue.ts";
import { interactiveReading, showsCatalogue } from "#app/lib/route-handle.ts";
import { pageMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/shop";

export const meta = ({ loaderData: page }: Route.MetaArgs) => {
  const shop = page ? shopAt(page.path) : undefined;
  return shop ? pageMeta({ ...shop.seo, path: shop.path }) : [];
};

// Books and cyberware filter on `genre`, merchandise on `type` (app/features/shop/shops.ts).
export const handle = showsCatalogue(interactiveReading("genre", "type"));

// Kept until the catalogue changes, filters too, so a shared link shows its choice at once.
export function loader({ url, context }: Route.LoaderArgs) {
  const shop = shopAt(url.pathname);
  if (!shop) throw data(null, { status: 404 });
  // The live stock comes from GET /api/stock.
  const products = productsInCategory(catalogueOf(context).products, shop.category).map(
    ({ stock: _opening, ...product }) => product,
  );
  return {
    path: shop.path,
    products,
    choices: shop.choices ?? distinctValues(products, shop.filterBy),
  };
}

/** A card's form sent before hydration; the page adds the line once its script runs. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = Number(form.get("id"));
  const product = catalogueOf(context).products.find((each) => each.id === id);
  if (!product) throw data(null, { status: 404 });
  if (typeof form.get("cart") !== "string" || form.get("cart") === "") {
    return data({ needsScript: true as const, id }, { status: 400 });
  }
  return { added: { id: product.id, type: product.type } };
}

/** The counts are not in the HTML (one file for everyone); until they arrive, nothing is said. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [page, stock] = await Promise.all([serverLoader(), loadStockLevels()]);
  return { ...page, stock };
}
clientLoader.hydrate = true as const;

// Choosing a filter only changes the URL: the products on the page stay.
export const shouldRevalidate = () => false;

const stockLineId = (productId: number) => `stock-${productId}`;

export default function Shop({ loaderData, actionData }: Route.ComponentProps) {
  const stock = "stock" in loaderData ? loaderData.stock : undefined;
  const shop = shopAt(loaderData.path);
  // A card's form posts to the page as it is, filter and all.
  const location = useLocation();
  const added = actionData && "added" in actionData ? actionData.added : undefined;
  const needsScript = actionData && "needsScript" in actionData ? actionData.id : undefined;
  if (!shop) return null;
  return (
    <ShopScreen
      shop={shop}
      products={loaderData.products}
      choices={loaderData.choices}
      renderAvailability={(product) => (
        <StockLine levels={stock} productId={product.id} id={stockLineId(product.id)} />
      )}
      renderAction={(product) => (
        <>
          <AddToCartButton
            product={product}
            // Until the counts arrive, and if they never do, the button stays enabled.
            disabled={stock !== undefined && availability(stock[product.id]).state === "out"}
            reasonId={stockLineId(product.id)}
            formAction={`${location.pathname}${location.search}`}
            addedOnServer={added?.id === product.id ? added : undefined}
          />
          {needsScript === product.id ? <CartNeedsJavaScript name={product.name} /> : null}
        </>
      )}
      aside={<CartCountPanel />}
    />
  );
}
