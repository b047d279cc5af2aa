/** One person's data: no cache keeps a copy, no search engine indexes it (HTML, .data, errors). */
export const privatePageHeaders = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
});
