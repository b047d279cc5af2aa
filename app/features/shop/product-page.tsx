import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Product } from "#core/catalog/product.ts";
import { productImageAlt } from "#core/catalog/shop.ts";
import { productPagePath, type ShopProduct } from "#core/catalog/shop-product.ts";
import type { VariantChoice, VariantOption } from "#core/catalog/variants.ts";
import { formatMoney } from "#core/format.ts";
import { AdultsOnlyLabel } from "#app/components/adults-only-label.tsx";
import { paths } from "#app/paths.ts";
import { ALL_FIELDS, ProductFields } from "./product-card.tsx";
import { ProductJsonLd, type VariantOffer } from "./product-list-json-ld.tsx";
import { ProductPicture } from "#app/components/product-picture.tsx";
import type { Shop } from "./shops.ts";
import styles from "./product-page.module.css";

export type ProductLink = Pick<
  ShopProduct,
  "id" | "slug" | "name" | "type" | "priceCents" | "images" | "category"
>;

/** The size every picture is drawn at, reserved before it loads (CLS 0); the card's 4:3. */
const MAIN = { width: 640, height: 480 };
const THUMB = { width: 160, height: 120 };

export interface ProductPageProps {
  product: ShopProduct;
  shop: Shop;
  options: readonly VariantOption[];
  variants: readonly VariantOffer[];
  related: readonly ProductLink[];
  availability?: ReactNode;
  action?: ReactNode;
}

export function ProductPage({
  product,
  shop,
  options,
  variants,
  related,
  availability,
  action,
}: ProductPageProps) {
  const shopName = shop.allLabel.replace(/^All /, "");
  return (
    <article className={styles.page} aria-labelledby="product-name">
      <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
        <ol>
          <li>
            <Link to={paths.home}>Home</Link>
          </li>
          <li>
            <Link to={shop.path}>{shopName}</Link>
          </li>
          <li>
            <Link to={productPagePath(product)} aria-current="page">
              {product.name}
            </Link>
          </li>
        </ol>
      </nav>
      <Gallery product={product} />
      <div className={styles.buy}>
        <h1 id="product-name" className={styles.name}>
          {product.name}
        </h1>
        {product.variant ? <p className={styles.variant}>{product.variant}</p> : null}
        {product.ageRestricted ? <AdultsOnlyLabel as="p" /> : null}
        <p className={styles.price}>
          {formatMoney(product.priceCents)} <span className={styles.gst}>GST included</span>
        </p>
        {availability}
        {options.map((option) => (
          <OptionChoice key={option.name} option={option} />
        ))}
        {action}
        {product.digital ? (
          <p className={styles.delivery}>
            Delivered by download, with no shipping to pay: once your payment arrives, we e-mail you
            the links, and they are on your order&apos;s page too. See how eBook downloads and
            refunds work in our{" "}
            <Link to={paths.purchaseAndRefundPolicy}>Purchase and Refund Policy</Link>.
          </p>
        ) : null}
      </div>
      <section className={styles.about} aria-labelledby="product-details">
        <h2 id="product-details">Details</h2>
        <p className={styles.description}>{product.description}</p>
        <ProductFields product={product} names={ALL_FIELDS} className={styles.fields} />
      </section>
      {related.length > 0 ? <Related products={related} /> : null}
      <ProductJsonLd product={product} variants={variants} />
    </article>
  );
}

/** A plain link: works before the script, with the browser's own zoom and back button. */
function FullSizeLink({ src, alt, children }: { src: string; alt: string; children: ReactNode }) {
  return (
    <a href={src} className={styles.fullSize} aria-label={`${alt} (full size)`}>
      {children}
    </a>
  );
}

function Gallery({ product }: { product: Product }) {
  const [main, ...more] = product.images;
  if (!main) return null;
  return (
    <div className={styles.gallery}>
      <FullSizeLink src={main} alt={productImageAlt(product, 0)}>
        <ProductPicture
          className={styles.main}
          src={main}
          sizes="(max-width: 48rem) 100vw, 40rem"
          alt={productImageAlt(product, 0)}
          {...MAIN}
          // The largest thing painted on the page: asked for first.
          fetchPriority="high"
          decoding="async"
        />
      </FullSizeLink>
      {more.length > 0 ? (
        <ul className={styles.thumbs}>
          {more.map((src, index) => (
            <li key={src}>
              <FullSizeLink src={src} alt={productImageAlt(product, index + 1)}>
                <ProductPicture
                  src={src}
                  sizes="6rem"
                  alt={productImageAlt(product, index + 1)}
                  {...THUMB}
                  loading="lazy"
                  decoding="async"
                />
              </FullSizeLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const and = new Intl.ListFormat("en-AU", { type: "conjunction" });

/** "XL and XXL are not made in Sand.": why those links lead to another colour. */
function notMadeIn(choices: readonly VariantChoice[]): string {
  const byWhat = new Map<string, string[]>();
  for (const { value, notWith = "" } of choices) {
    byWhat.set(notWith, [...(byWhat.get(notWith) ?? []), value]);
  }
  return [...byWhat]
    .map(
      ([notWith, values]) =>
        `${and.format(values)} ${values.length > 1 ? "are" : "is"} not made in ${notWith}.`,
    )
    .join(" ");
}

/** Links, one address per variant (issue 37): chosen without a script, shared as they are. */
function OptionChoice({ option }: { option: VariantOption }) {
  const { name, choices } = option;
  const chosen = choices.find((choice) => choice.current);
  const pricesDiffer = new Set(choices.map((choice) => choice.priceCents)).size > 1;
  const elsewhere = choices.filter((choice) => choice.notWith);
  const noteId = `${name.toLowerCase()}-choice-note`;
  return (
    <nav aria-label={`${name}s`} className={styles.formats}>
      <h2 className={styles.formatsTitle}>
        {name}
        {chosen && name !== "Format" ? `: ${chosen.value}` : null}
      </h2>
      <ul>
        {choices.map((choice) => (
          <li key={choice.value}>
            <Link
              to={productPagePath(choice)}
              aria-current={choice.current ? "page" : undefined}
              aria-describedby={choice.notWith ? noteId : undefined}
              className={[
                styles.format,
                choice.soldOut ? styles.soldOut : "",
                choice.notWith ? styles.elsewhere : "",
              ]
                .filter(Boolean)
                .join(" ")}
            >
              <span className={styles.value}>{choice.value}</span>
              {pricesDiffer ? <span>{formatMoney(choice.priceCents)}</span> : null}
              {choice.soldOut ? (
                <>
                  {" "}
                  <span className="visually-hidden">(sold out)</span>
                </>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      {elsewhere.length > 0 ? (
        <p id={noteId} className={styles.choiceNote}>
          {notMadeIn(elsewhere)}
        </p>
      ) : null}
    </nav>
  );
}

function Related({ products }: { products: readonly ProductLink[] }) {
  return (
    <section className={styles.related} aria-labelledby="related-products">
      <h2 id="related-products">Related products</h2>
      <ul>
        {products.map((product) => (
          <li key={product.id}>
            {product.images[0] ? (
              <ProductPicture
                src={product.images[0]}
                sizes="6rem"
                alt=""
                {...THUMB}
                loading="lazy"
                decoding="async"
              />
            ) : null}
            <Link to={productPagePath(product)}>{product.name}</Link>
            <span className={styles.relatedMeta}>
              {product.type} · {formatMoney(product.priceCents)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
