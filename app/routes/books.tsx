import { distinctValues, productsInCategory } from "~core/catalog/shop";
import { ShopScreen } from "~/components/shop-layout";
import { catalog } from "~/lib/catalog.server";
import { pageMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/books";

export const meta = () =>
  pageMeta({
    title: "Books on neural engineering, implants and cyborg culture",
    description:
      "Textbooks, field guides and fiction about biomedical engineering, neuroscience, magnet and NFC implants and the augmented body. Prices in AUD, GST included.",
    path: paths.books,
  });

// Runs at build time: the page is prerendered with every book in its HTML.
export function loader() {
  const books = productsInCategory(catalog, "book");
  return { books, genres: distinctValues(books, "genre") };
}

// The data never changes while the site runs; choosing a genre only changes the URL.
export const shouldRevalidate = () => false;

export default function Books({ loaderData }: Route.ComponentProps) {
  return (
    <ShopScreen
      products={loaderData.books}
      filterBy="genre"
      choices={loaderData.genres}
      filterTitle="Genres"
      allLabel="All Books"
      path={paths.books}
      noun={["book", "books"]}
    />
  );
}
