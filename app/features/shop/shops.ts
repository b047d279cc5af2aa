import { isCategory, type ProductCategory } from "#core/catalog/category.ts";
import type { Product } from "#core/catalog/product.ts";
import { CYBERWARE_GENRES } from "#core/catalog/shop.ts";
import { paths } from "#app/paths.ts";

export interface Shop {
  path: string;
  category: ProductCategory;
  /** The field the left column filters on (SPEC §4: genre, or type for merchandise). */
  filterBy: "genre" | "type";
  /** A fixed list of choices; without one, each distinct value of the kept rows. */
  choices?: readonly string[];
  filterTitle: string;
  allLabel: string;
  noun: readonly [singular: string, plural: string];
  seo: { title: string; description: string };
}

export const shops: readonly Shop[] = [
  {
    path: paths.books,
    category: "book",
    filterBy: "genre",
    filterTitle: "Genres",
    allLabel: "All Books",
    noun: ["book", "books"],
    seo: {
      title: "Books on neural engineering, implants and cyborg culture",
      description:
        "Textbooks, field guides and fiction about biomedical engineering, neuroscience, magnet and NFC implants and the augmented body. Prices in AUD, GST included.",
    },
  },
  {
    path: paths.cyberware,
    category: "cyberware",
    filterBy: "genre",
    choices: CYBERWARE_GENRES,
    filterTitle: "Categories",
    allLabel: "All Cyberware",
    noun: ["product", "products"],
    seo: {
      title: "Cyberware tools and sterilisation supplies",
      description:
        "RFID and NFC readers, magnet testers, implant kits, forceps and sterilisation supplies for body-modification practitioners. Prices in AUD, GST included.",
    },
  },
  {
    path: paths.merchandise,
    category: "merchandise",
    filterBy: "type",
    filterTitle: "Types",
    allLabel: "All Merchandise",
    noun: ["item", "items"],
    seo: {
      title: "Merchandise: T-shirts, hoodies, mugs and stickers",
      description:
        "Kybernetes T-shirts, hoodies, caps, mugs, tote bags, enamel pins and stickers for proud cyborgs and the curious. Prices in AUD, GST included.",
    },
  },
];

export function shopAt(pathname: string): Shop | undefined {
  const wanted = pathname.toLowerCase();
  return shops.find((shop) => shop.path.toLowerCase() === wanted);
}

export function shopOf(product: Pick<Product, "category">): Shop | undefined {
  return shops.find((shop) => isCategory(product, shop.category));
}
