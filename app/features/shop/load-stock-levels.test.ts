import { afterEach, describe, expect, it, vi } from "vitest";
import { answerFetch } from "#tests/app/fake-fetch.ts";
import { loadStockLevels } from "./load-stock-levels.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("loadStockLevels", () => {
  it("asks GET /api/stock and keys the counts by product id", async () => {
    const fetch = answerFetch(200, { stock: { "25": 3, "13": 60 } });
    expect(await loadStockLevels()).toEqual({ 25: 3, 13: 60 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith("/api/stock", expect.objectContaining({ method: "GET" }));
  });

  it("is undefined when the server fails", async () => {
    answerFetch(500, { error: { code: "internal", message: "Boom" } });
    expect(await loadStockLevels()).toBeUndefined();
  });

  it("is undefined when the server cannot be reached", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("offline"));
    expect(await loadStockLevels()).toBeUndefined();
  });
});
