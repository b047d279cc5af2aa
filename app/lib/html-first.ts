import { redirectDocument } from "react-router";

/**
 * The `clientLoader` of a page that loads no framework (decision 030): a client-side navigation
 * to it from a hydrated page loads it as a document instead, so the visitor gets the page
 * everyone gets, its page script filling in the stock and doing Add to Cart.
 */
export function loadAsDocument({ request }: { request: Request }): never {
  const url = new URL(request.url);
  throw redirectDocument(`${url.pathname}${url.search}`);
}
