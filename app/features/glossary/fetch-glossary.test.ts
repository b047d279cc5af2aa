import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchGlossary } from "./fetch-glossary.ts";

const axon = { letter: "A", term: "Axon", definition: "Carries signals away from the cell body." };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("fetchGlossary", () => {
  it("fetches /glossary.json once and reuses the answer", async () => {
    const fetchMock = vi.fn(async () => Response.json([axon]));
    vi.stubGlobal("fetch", fetchMock);
    expect(await fetchGlossary()).toEqual([axon]);
    expect(await fetchGlossary()).toEqual([axon]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith("/glossary.json");
  });
});

describe("fetchGlossary after a failure", () => {
  it("rejects on an error status or a body of the wrong shape, then asks again", async () => {
    vi.resetModules();
    const { fetchGlossary: fresh } = await import("./fetch-glossary.ts");
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response("Not Found", { status: 404 }))
      .mockResolvedValueOnce(Response.json([{ term: "Axon" }]))
      .mockResolvedValueOnce(Response.json([axon]));
    vi.stubGlobal("fetch", fetchMock);
    await expect(fresh()).rejects.toThrow("/glossary.json answered 404");
    await expect(fresh()).rejects.toThrow("/glossary.json is not a list of terms");
    expect(await fresh()).toEqual([axon]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
