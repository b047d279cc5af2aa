import { isCategory } from "#core/catalog/category.ts";
import type { Product } from "#core/catalog/product.ts";
import { productPagePath, type ShopProduct } from "#core/catalog/shop-product.ts";
import { siteUrl } from "#app/lib/seo.ts";
import { JsonLd } from "#app/components/json-ld.tsx";

const BOOK_FORMATS: Record<string, string> = {
  hardback: "https://schema.org/Hardcover",
  paperback: "https://schema.org/Paperback",
  ebook: "https://schema.org/EBook",
};

/** One product as schema.org data; books are both Product and Book, with their edition. */
export function productStructuredData(product: Product & Pick<ShopProduct, "unitsLeft">) {
  const book = isCategory(product, "book");
  return {
    "@type": book ? ["Product", "Book"] : "Product",
    name: product.name,
    description: product.description,
    sku: product.sku ?? product.isbn ?? String(product.id),
    category: product.category,
    ...(product.images.length > 0
      ? { image: product.images.map((image) => `${siteUrl}${image}`) }
      : {}),
    ...(book
      ? {
          isbn: product.isbn,
          bookFormat: BOOK_FORMATS[product.type.toLowerCase()],
          numberOfPages: product.pageCount,
          publisher: product.publisher
            ? { "@type": "Organization", name: product.publisher }
            : undefined,
          inLanguage: product.language,
          datePublished: product.publicationDate,
          genre: product.genre,
          audience: product.audience
            ? { "@type": "Audience", audienceType: product.audience }
            : undefined,
        }
      : {}),
    offers: {
      "@type": "Offer",
      price: (product.priceCents / 100).toFixed(2),
      priceCurrency: "AUD",
      availability: AVAILABILITY[product.unitsLeft === 0 ? "out" : "in"],
    },
  };
}

export function ProductListJsonLd({
  products,
}: {
  products: readonly (Product & Pick<ShopProduct, "unitsLeft">)[];
}) {
  return (
    <JsonLd
      data={{
        "@type": "ItemList",
        itemListElement: products.map((product, index) => ({
          "@type": "ListItem",
          position: index + 1,
          item: productStructuredData(product),
        })),
      }}
    />
  );
}

const AVAILABILITY = {
  in: "https://schema.org/InStock",
  out: "https://schema.org/OutOfStock",
} as const;

export function gtin13Of(isbn: string | undefined): string | undefined {
  const digits = isbn?.replace(/[\s-]/g, "");
  return digits && /^\d{13}$/.test(digits) ? digits : undefined;
}

/** What the product page knows of each product of the work (its variants). */
export interface VariantOffer {
  slug: string;
  name: string;
  sku: string;
  image?: string | undefined;
  color?: string | undefined;
  size?: string | undefined;
  priceCents: number;
  soldOut: boolean;
}

const VARIES_BY = { color: "https://schema.org/color", size: "https://schema.org/size" } as const;

/** Sizes and colours of one work as a ProductGroup whose variants are each an Offer. */
function productGroupData(product: ShopProduct, variants: readonly VariantOffer[]) {
  const variesBy = (["color", "size"] as const).filter(
    (field) => new Set(variants.map((variant) => variant[field] ?? "")).size > 1,
  );
  if (variesBy.length === 0) return undefined;
  return {
    "@type": "ProductGroup",
    "@id": `${siteUrl}/products/${encodeURIComponent(product.work)}#group`,
    name: product.name,
    description: product.description,
    productGroupID: product.work,
    variesBy: variesBy.map((field) => VARIES_BY[field]),
    ...(product.images.length > 0
      ? { image: product.images.map((image) => `${siteUrl}${image}`) }
      : {}),
    hasVariant: variants.map((variant) => {
      const url = `${siteUrl}${productPagePath(variant)}`;
      return {
        "@type": "Product",
        "@id": url,
        url,
        name: variant.name,
        sku: variant.sku,
        ...(variant.image ? { image: `${siteUrl}${variant.image}` } : {}),
        ...Object.fromEntries(variesBy.map((field) => [field, variant[field]])),
        offers: {
          "@type": "Offer",
          url,
          price: (variant.priceCents / 100).toFixed(2),
          priceCurrency: "AUD",
          availability: AVAILABILITY[variant.soldOut ? "out" : "in"],
        },
      };
    }),
  };
}

/** The page is kept until the catalogue changes, so `availability` says whether any are left. */
export function ProductJsonLd({
  product,
  variants = [],
}: {
  product: ShopProduct;
  variants?: readonly VariantOffer[];
}) {
  const url = `${siteUrl}${productPagePath(product)}`;
  const group = productGroupData(product, variants);
  if (group) return <JsonLd data={group} />;
  const data = productStructuredData(product);
  const gtin13 = isCategory(product, "book") ? gtin13Of(product.isbn) : undefined;
  return (
    <JsonLd
      data={{
        ...data,
        "@id": url,
        url,
        ...(gtin13 ? { gtin13 } : {}),
        offers: { ...data.offers, url },
      }}
    />
  );
}
