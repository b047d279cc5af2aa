/**
 * For a page that shows one person's data (an order, its invoice, an account, the back
 * office): no browser, proxy or CDN keeps a copy, and no search engine indexes it. A route's
 * `headers` export applies to its HTML, its `.data` requests and its error answers alike.
 */
export const privatePageHeaders = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
});
