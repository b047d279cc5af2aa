import { renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerFetch } from "#app/test/answer-fetch.ts";
import { useStockLevels } from "./use-stock-levels.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("useStockLevels", () => {
  it("asks GET /api/stock once and keys the counts by product id", async () => {
    const fetch = answerFetch(200, { stock: { "25": 3, "13": 60 } });
    const { result, rerender } = renderHook(() => useStockLevels());
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toEqual({ 25: 3, 13: 60 }));
    rerender();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith("/api/stock", expect.objectContaining({ method: "GET" }));
  });

  it("stays undefined when the server fails", async () => {
    const fetch = answerFetch(500, { error: { code: "internal", message: "Boom" } });
    const { result } = renderHook(() => useStockLevels());
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBeUndefined();
  });

  it("stays undefined when the server cannot be reached", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("offline"));
    const { result } = renderHook(() => useStockLevels());
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBeUndefined();
  });
});
