import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Product } from "#core/catalog/product.ts";
import { productPagePath, type ShopProduct } from "#core/catalog/shop-product.ts";
import { productImageAlt } from "#core/catalog/shop.ts";
import { isCategory } from "#core/catalog/category.ts";
import type { CardChoice } from "#core/catalog/product-cards.ts";
import { AdultsOnlyLabel } from "#app/components/adults-only-label.tsx";
import { ProductPicture } from "#app/components/product-picture.tsx";
import formStyles from "#app/components/forms.module.css";
import styles from "./product-card.module.css";
import { formatDay, formatMoney } from "#core/format.ts";

export type FieldName = Exclude<
  keyof Product,
  "id" | "name" | "description" | "priceCents" | "images" | "stock" | "ageRestricted"
>;

const LABELS: Record<FieldName, string> = {
  category: "Category",
  type: "Type",
  isbn: "ISBN",
  publisher: "Publisher",
  language: "Language",
  trim: "Trim size",
  pageCount: "Page count",
  publicationDate: "Publication date",
  audience: "Audience",
  genre: "Genre",
  sku: "SKU",
  material: "Material",
  color: "Color",
  size: "Size",
};

export const ALL_FIELDS = Object.keys(LABELS) as readonly FieldName[];

const BOOK_FIELDS: readonly FieldName[] = [
  "type",
  "isbn",
  "publisher",
  "language",
  "trim",
  "pageCount",
  "publicationDate",
  "audience",
  "genre",
];
const MERCHANDISE_FIELDS: readonly FieldName[] = [
  "type",
  "sku",
  "material",
  "color",
  "size",
  "category",
];
/** SPEC §2 Products: the book fields, plus the item details cyberware rows carry. */
const CYBERWARE_FIELDS: readonly FieldName[] = [...BOOK_FIELDS, "sku", "material", "color", "size"];

export function fieldsFor(product: Product): readonly FieldName[] {
  if (isCategory(product, "book")) return BOOK_FIELDS;
  if (isCategory(product, "merchandise")) return MERCHANDISE_FIELDS;
  return CYBERWARE_FIELDS;
}

function FieldValue({ name, value }: { name: FieldName; value: string | number }) {
  if (name === "publicationDate" && typeof value === "string") {
    return <time dateTime={value}>{formatDay(value, "long")}</time>;
  }
  return <>{value}</>;
}

export function ProductFields({
  product,
  names = fieldsFor(product),
  className = styles.fields,
}: {
  product: Product;
  names?: readonly FieldName[];
  className?: string | undefined;
}) {
  const fields = names.flatMap((name) => {
    const value = product[name];
    return value === undefined || value === "" ? [] : [{ name, value }];
  });
  return (
    <dl className={className}>
      {fields.map(({ name, value }) => (
        <div key={name}>
          <dt>{LABELS[name]}</dt>
          <dd>
            <FieldValue name={name} value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

type CardProduct = Product &
  Partial<Pick<ShopProduct, "slug" | "pictureAlts">> & { choice?: CardChoice | undefined };

export interface ProductCardProps {
  product: CardProduct;
  /** The card's heading level: 2 under the page title, 3 inside a titled section. */
  headingLevel?: 2 | 3;
  availability?: ReactNode;
  action?: ReactNode;
  note?: ReactNode;
}

/** Issue 25: what a shopper scans comes first, so the first Add to Cart shows without scrolling. */
export function ProductCard({
  product,
  headingLevel = 2,
  availability,
  action,
  note,
}: ProductCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const [cover, ...more] = product.images;
  return (
    // The id is where a search suggestion for the product lands on its shop page.
    <article className={styles.card} id={`product-${product.id}`}>
      {cover ? (
        <ProductPicture
          className={styles.cover}
          src={cover}
          sizes="(max-width: 40rem) 7rem, 20rem"
          alt={productImageAlt(product, 0)}
          width="320"
          height="240"
          // Lazy, even in view: React preloads every other picture in <head>, and on HTTP/1.1
          // those preloads held two stylesheets, so the first paint, back a round trip on a
          // slow phone (decision 030). In view, the browser asks for it once styled.
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <Heading className={styles.name}>
        {product.slug ? (
          <Link to={productPagePath({ slug: product.slug })}>{product.name}</Link>
        ) : (
          product.name
        )}
      </Heading>
      {note}
      <p className={styles.format}>{product.type}</p>
      {product.ageRestricted ? <AdultsOnlyLabel as="p" /> : null}
      <p className={styles.price}>
        {product.choice
          ? `From ${formatMoney(product.choice.fromCents)}`
          : formatMoney(product.priceCents)}
      </p>
      {availability}
      {product.choice && product.slug ? (
        // Sizes and colours are chosen on the product's page, never added unchosen (issue 37).
        <Link
          className={`${formStyles.primary} ${styles.choose}`}
          to={productPagePath({ slug: product.slug })}
        >
          {product.choice.label} <span className="visually-hidden">of {product.name}</span>
        </Link>
      ) : (
        action
      )}
      <details className={styles.details}>
        <summary>
          Details<span className="visually-hidden"> of {product.name}</span>
        </summary>
        <p className={styles.description}>{product.description}</p>
        {more.length > 0 ? (
          <div className={styles.images}>
            {more.map((src, index) => (
              <ProductPicture
                key={src}
                className={styles.extra}
                src={src}
                sizes="5rem"
                alt={productImageAlt(product, index + 1)}
                width="160"
                height="120"
                loading="lazy"
                decoding="async"
              />
            ))}
          </div>
        ) : null}
        <ProductFields
          product={product}
          names={fieldsFor(product).filter((name) => name !== "type")}
        />
      </details>
    </article>
  );
}

export function ProductGrid<P extends CardProduct>({
  products,
  headingLevel,
  renderAvailability,
  renderAction,
  renderNote,
}: {
  products: readonly P[];
  headingLevel?: 2 | 3;
  renderAvailability?: ((product: P) => ReactNode) | undefined;
  renderAction?: ((product: P) => ReactNode) | undefined;
  renderNote?: ((product: P) => ReactNode) | undefined;
}) {
  return (
    <ul className={styles.grid}>
      {products.map((product) => (
        <li key={`${product.id}-${product.type}`}>
          <ProductCard
            product={product}
            headingLevel={headingLevel}
            availability={renderAvailability?.(product)}
            action={renderAction?.(product)}
            note={renderNote?.(product)}
          />
        </li>
      ))}
    </ul>
  );
}
