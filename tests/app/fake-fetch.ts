import { vi } from "vitest";

type Handler = (request: { body: unknown; url: URL; headers: Headers }) => unknown;

/** A JSON answer, as the API sends one. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/** Makes every `fetch` of the test answer `status` with `body` as JSON; returns the spy. */
export function answerFetch(status: number, body: unknown) {
  return vi.spyOn(globalThis, "fetch").mockResolvedValue(json(status, body));
}

/**
 * A `fetch` that answers per API call ("POST /orders/quote", "GET /orders/KB-100042"; the query
 * string is not part of the name) with the handler's value as JSON, or with the Response it
 * returns. Unlisted calls answer 404. Use with `vi.spyOn(globalThis, "fetch")`.
 */
export function apiAnswers(routes: Record<string, Handler>): typeof globalThis.fetch {
  return async (input, init) => {
    const url = new URL(String(input), "http://shop.test");
    const handler = routes[`${init?.method ?? "GET"} ${url.pathname.replace(/^\/api/, "")}`];
    if (!handler) return json(404, { error: { code: "not_found", message: "Not found" } });
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = await handler({ body, url, headers: new Headers(init?.headers) });
    return answer instanceof Response ? answer : json(200, answer);
  };
}
