import { isCategory } from "#core/catalog/category.ts";
import type { Product } from "#core/catalog/product.ts";
import { siteUrl } from "#app/lib/seo.ts";
import { JsonLd } from "#app/components/json-ld.tsx";

const BOOK_FORMATS: Record<string, string> = {
  hardback: "https://schema.org/Hardcover",
  paperback: "https://schema.org/Paperback",
  ebook: "https://schema.org/EBook",
};

/** One product as schema.org data; books are both Product and Book, with their edition. */
export function productStructuredData(product: Product) {
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
      availability: "https://schema.org/InStock",
    },
  };
}

/**
 * The page's products as schema.org structured data (an ItemList of Products with their AUD
 * price), so search engines can show them as products.
 */
export function ProductListJsonLd({ products }: { products: readonly Product[] }) {
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
