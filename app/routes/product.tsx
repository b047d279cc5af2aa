import { data, redirect } from "react-router";
import { firstVariantOf, inOptionOrder } from "#core/catalog/product-cards.ts";
import { formatsOf, relatedTo, type ShopProduct } from "#core/catalog/shop-product.ts";
import { optionsOf, variantChoices } from "#core/catalog/variants.ts";
import { SHARING_PICTURE, sharingPicturePath } from "#core/catalog/pictures.ts";
import { productImageAlt } from "#core/catalog/shop.ts";
import { AddToCartButton } from "#app/features/cart/add-to-cart-button.tsx";
import { CartNeedsJavaScript } from "#app/features/cart/cart-needs-java-script.tsx";
import { ProductPage } from "#app/features/shop/product-page.tsx";
import { StockAlertForm } from "#app/features/shop/stock-alert-form.tsx";
import { stockAlertAction } from "#app/features/shop/stock-alert-action.ts";
import { servicesContext } from "#app/load-context.ts";
import { shopOf } from "#app/features/shop/shops.ts";
import { StockLine } from "#app/features/shop/stock-line.tsx";
import { catalogueOf } from "#app/lib/catalogue.ts";
import { showsCatalogue } from "#app/lib/route-handle.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { productPath } from "#app/paths.ts";
import { lineNameOf } from "#core/orders/order-pricing.ts";
import type { Route } from "./+types/product";
import { loadAsDocument } from "#app/lib/html-first.ts";

function summaryOf(text: string, length = 160): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

export const meta = ({ loaderData, location }: Route.MetaArgs) => {
  if (!loaderData) {
    return pageMeta({
      title: "Page not found",
      description: "The page you are looking for doesn't exist.",
      path: location.pathname,
      noIndex: true,
    });
  }
  const { product } = loaderData;
  const [picture] = product.images;
  return [
    ...pageMeta({
      // Each size and colour its own title: a page a visitor moves to is announced as new.
      title: `${product.name}${product.variant ? `, ${product.variant}` : ""} (${product.type})`,
      description: summaryOf(product.description),
      path: productPath(product),
      type: "product",
      // A JPEG made from the first picture: social networks preview neither SVG nor AVIF.
      image: picture
        ? {
            path: sharingPicturePath(product),
            alt: productImageAlt(product, 0),
            ...SHARING_PICTURE,
          }
        : undefined,
    }),
    { property: "product:price:amount", content: (product.priceCents / 100).toFixed(2) },
    { property: "product:price:currency", content: "AUD" },
  ];
};

// HTML first (decision 030): no framework script; formats, colours and sizes are links.
export const handle = showsCatalogue({});

const offerOf = ({
  id,
  slug,
  name,
  variant,
  sku,
  color,
  size,
  priceCents,
  unitsLeft,
  images: [image],
}: ShopProduct) => ({
  slug,
  name: variant ? `${name}, ${variant}` : name,
  sku: sku ?? String(id),
  image,
  color,
  size,
  priceCents,
  soldOut: unitsLeft === 0,
});

const linkOf = ({ id, slug, name, type, priceCents, images, category }: ShopProduct) => ({
  id,
  slug,
  name,
  type,
  priceCents,
  images,
  category,
});

/** An old slug answers 301, a work's own name its first variant in stock, anything else 404. */
export function loader({ params, context }: Route.LoaderArgs) {
  const catalogue = catalogueOf(context);
  // Slugs are lower case; the server keeps pages by their lower-case path.
  const slug = params.slug.toLowerCase();
  const found = catalogue.bySlug.get(slug);
  if (!found) {
    const moved = catalogue.movedSlugs.get(slug);
    if (moved) throw redirect(productPath({ slug: moved }), 301);
    const variant = firstVariantOf(catalogue.products, slug);
    if (variant) throw redirect(productPath(variant), 302);
    throw data(null, { status: 404 });
  }
  // Only what a shop lists has a page (its breadcrumb names the shop).
  if (!shopOf(found)) throw data(null, { status: 404 });
  // How many are left comes from the live counts (unitsLeft), never the opening stock.
  const { stock: _opening, ...product } = found;
  const group = formatsOf(catalogue.products, found);
  return {
    product,
    options: variantChoices(found, group),
    variants: inOptionOrder(group, optionsOf(group)).map(offerOf),
    related: relatedTo(catalogue.products, found).map(linkOf),
  };
}

export const clientLoader = loadAsDocument;

/** Add to Cart pressed where no script runs (the cart lives in the browser), or a stock alert. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const slug = params.slug.toLowerCase();
  const product = catalogueOf(context).bySlug.get(slug);
  const form = await request.formData();
  if (!product) throw data(null, { status: 404 });
  const intent = form.get("intent");
  if (intent === "stock-alert" || intent === "cancel-stock-alert") {
    return stockAlertAction(context.get(servicesContext).stockAlerts, slug, form);
  }
  if (form.get("id") !== String(product.id)) throw data(null, { status: 404 });
  return data({ needsScript: true as const }, { status: 400 });
}

const STOCK_LINE_ID = "product-stock";

export default function Product({ loaderData, actionData }: Route.ComponentProps) {
  const { product, options, variants, related } = loaderData;
  const alert = actionData && "alert" in actionData ? actionData.alert : undefined;
  const shop = shopOf(product);
  if (!shop) return null;
  return (
    <ProductPage
      product={product}
      shop={shop}
      options={options}
      variants={variants}
      related={related}
      availability={<StockLine unitsLeft={product.unitsLeft} id={STOCK_LINE_ID} />}
      action={
        <>
          <AddToCartButton
            product={product}
            formAction={productPath(product)}
            outOfStock={product.unitsLeft === 0 ? STOCK_LINE_ID : undefined}
          />
          {actionData && "needsScript" in actionData ? (
            <CartNeedsJavaScript name={lineNameOf(product)} />
          ) : null}
          {product.unitsLeft === 0 || alert ? (
            <StockAlertForm action={productPath(product)} answer={alert} />
          ) : null}
        </>
      }
    />
  );
}
