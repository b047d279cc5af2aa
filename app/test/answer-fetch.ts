import { vi } from "vitest";

/** Makes every `fetch` of the test answer `status` with `body` as JSON; returns the spy. */
export function answerFetch(status: number, body: unknown) {
  return vi.spyOn(globalThis, "fetch").mockResolvedValue(
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    }),
  );
}
