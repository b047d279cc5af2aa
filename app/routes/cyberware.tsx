import { CYBERWARE_GENRES, productsInCategory } from "~core/catalog/shop";
import { ShopScreen } from "~/components/shop-layout";
import { catalog } from "~/lib/catalog.server";
import { pageMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/cyberware";

export const meta = () =>
  pageMeta({
    title: "Cyberware tools and sterilisation supplies",
    description:
      "RFID and NFC readers, magnet testers, implant kits, forceps and sterilisation supplies for body-modification practitioners. Prices in AUD, GST included.",
    path: paths.cyberware,
  });

// Runs at build time: the page is prerendered with every product in its HTML.
export function loader() {
  return { products: productsInCategory(catalog, "cyberware") };
}

// The data never changes while the site runs; choosing a genre only changes the URL.
export const shouldRevalidate = () => false;

export default function Cyberware({ loaderData }: Route.ComponentProps) {
  return (
    <ShopScreen
      products={loaderData.products}
      filterBy="genre"
      choices={CYBERWARE_GENRES}
      filterTitle="Categories"
      allLabel="All Cyberware"
      path={paths.cyberware}
      noun={["product", "products"]}
    />
  );
}
