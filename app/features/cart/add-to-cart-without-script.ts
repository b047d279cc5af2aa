import { data, type RouterContextProvider } from "react-router";
import { catalogueOf } from "#app/lib/catalogue.ts";

/**
 * The action of a page listing products (a shop, search results): an Add to Cart that reached
 * the server was pressed where no script runs, and only the page script writes the cart, which
 * lives in the browser. Answers which card to say so on (400), or 404 for an unknown product.
 */
export async function addToCartWithoutScript({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const id = Number((await request.formData()).get("id"));
  if (!catalogueOf(context).products.some((each) => each.id === id)) {
    throw data(null, { status: 404 });
  }
  return data({ needsScript: id }, { status: 400 });
}
