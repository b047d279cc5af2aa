import { productsToCsv } from "#core/catalog/products-csv.ts";
import { catalogueOf } from "#app/lib/catalogue.ts";
import { showsCatalogue } from "#app/lib/route-handle.ts";
import type { Route } from "./+types/product-data-csv";

// Kept by the server until the catalogue changes, like a shop page (issue 25).
export const handle = showsCatalogue({});

export function loader({ context }: Route.LoaderArgs) {
  return new Response(productsToCsv(catalogueOf(context).products), {
    headers: { "Content-Type": "text/csv; charset=utf-8" },
  });
}
