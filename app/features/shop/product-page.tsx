import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Product } from "#core/catalog/product.ts";
import { productImageAlt } from "#core/catalog/shop.ts";
import { productPagePath, type ShopProduct } from "#core/catalog/shop-product.ts";
import { formatMoney } from "#core/format.ts";
import { AdultsOnlyLabel } from "#app/components/adults-only-label.tsx";
import { paths } from "#app/paths.ts";
import { ALL_FIELDS, ProductFields } from "./product-card.tsx";
import { ProductJsonLd } from "./product-list-json-ld.tsx";
import { ProductPicture } from "./product-picture.tsx";
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
  formats: readonly ProductLink[];
  related: readonly ProductLink[];
  availability?: ReactNode;
  action?: ReactNode;
}

export function ProductPage({
  product,
  shop,
  formats,
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
        {product.ageRestricted ? <AdultsOnlyLabel as="p" /> : null}
        <p className={styles.price}>
          {formatMoney(product.priceCents)} <span className={styles.gst}>GST included</span>
        </p>
        {availability}
        {formats.length > 1 ? <FormatChoice current={product} formats={formats} /> : null}
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
      <ProductJsonLd product={product} />
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

function FormatChoice({
  current,
  formats,
}: {
  current: ProductLink;
  formats: readonly ProductLink[];
}) {
  return (
    <nav aria-label="Formats" className={styles.formats}>
      <h2 className={styles.formatsTitle}>Format</h2>
      <ul>
        {formats.map((format) => (
          <li key={format.id}>
            <Link
              to={productPagePath(format)}
              aria-current={format.id === current.id ? "page" : undefined}
              className={styles.format}
            >
              <span>{format.type}</span> <span>{formatMoney(format.priceCents)}</span>
            </Link>
          </li>
        ))}
      </ul>
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
