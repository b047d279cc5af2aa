import { distinctValues, productsInCategory } from "~core/catalog/shop";
import { ShopScreen } from "~/components/shop-layout";
import { catalog } from "~/lib/catalog.server";
import { pageMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/merchandise";

export const meta = () =>
  pageMeta({
    title: "Merchandise: T-shirts, hoodies, mugs and stickers",
    description:
      "Kybernetes T-shirts, hoodies, caps, mugs, tote bags, enamel pins and stickers for proud cyborgs and the curious. Prices in AUD, GST included.",
    path: paths.merchandise,
  });

// Runs at build time: the page is prerendered with every item in its HTML.
export function loader() {
  const items = productsInCategory(catalog, "merchandise");
  return { items, types: distinctValues(items, "type") };
}

// The data never changes while the site runs; choosing a type only changes the URL.
export const shouldRevalidate = () => false;

export default function Merchandise({ loaderData }: Route.ComponentProps) {
  return (
    <ShopScreen
      products={loaderData.items}
      filterBy="type"
      choices={loaderData.types}
      filterTitle="Types"
      allLabel="All Merchandise"
      path={paths.merchandise}
      noun={["item", "items"]}
    />
  );
}
