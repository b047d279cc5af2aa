import type { Product } from "~core/catalog/product";
import { siteUrl } from "~/lib/seo";

/**
 * The page's products as schema.org structured data (an ItemList of Products with their AUD
 * price), so search engines can show them as products.
 */
export function ProductListJsonLd({ products }: { products: readonly Product[] }) {
  const data = {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: products.map((product, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item: {
        "@type": "Product",
        name: product.name,
        description: product.description,
        sku: product.sku ?? product.isbn ?? String(product.id),
        category: product.category,
        ...(product.images.length > 0
          ? { image: product.images.map((image) => `${siteUrl}${image}`) }
          : {}),
        offers: {
          "@type": "Offer",
          price: product.price.toFixed(2),
          priceCurrency: "AUD",
        },
      },
    })),
  };
  // "<" is escaped so no text in the data can close the script element.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
