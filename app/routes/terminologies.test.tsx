import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ALPHABET, FIRST_PAINT_TERMS, glossaryPageData } from "#core/glossary/glossary.ts";
import { fetchGlossary } from "#app/features/glossary/fetch-glossary.ts";
import { glossary } from "#app/lib/glossary.server.ts";
import Terminologies, { clientLoader, ErrorBoundary, loader } from "./terminologies.tsx";

vi.mock("#app/features/glossary/fetch-glossary.ts", () => ({ fetchGlossary: vi.fn() }));

afterEach(() => {
  vi.mocked(fetchGlossary).mockReset();
});

describe("/terminologies", () => {
  it("has a glossary read from content/terminologies.csv at build time", () => {
    expect(glossary.length).toBeGreaterThanOrEqual(150);
    for (const term of glossary) {
      expect(ALPHABET).toContain(term.letter);
      expect(term.term.toUpperCase().startsWith(term.letter)).toBe(true);
      expect(term.definition.length).toBeGreaterThan(20);
    }
    expect(new Set(glossary.map((term) => term.term.toLowerCase())).size).toBe(glossary.length);
  });

  const loaderArgs = (url: string) =>
    ({
      request: new Request(`http://site${url}`),
      url: new URL(`http://site${url}`),
    }) as Parameters<typeof loader>[0];

  it("prerenders the first terms and names all of them", () => {
    const data = loader(loaderArgs("/terminologies"));
    expect(data.terms).toEqual(glossary.slice(0, FIRST_PAINT_TERMS));
    expect(data.names).toHaveLength(glossary.length);
    expect(data.complete).toBe(false);
  });

  it("fetches the whole glossary in the browser", async () => {
    vi.mocked(fetchGlossary).mockResolvedValue([...glossary]);
    const serverLoader = vi.fn();
    const data = await clientLoader({ serverLoader } as unknown as Parameters<
      typeof clientLoader
    >[0]);
    expect(data).toEqual(glossaryPageData(glossary));
    expect(data.complete).toBe(true);
    expect(serverLoader).not.toHaveBeenCalled();
    expect(clientLoader.hydrate).toBe(true);
  });

  it("keeps the prerendered terms, marked failed, when the fetch fails", async () => {
    vi.mocked(fetchGlossary).mockRejectedValue(new TypeError("Failed to fetch"));
    const serverLoader = vi.fn(async () => loader(loaderArgs("/terminologies")));
    const data = await clientLoader({ serverLoader } as unknown as Parameters<
      typeof clientLoader
    >[0]);
    expect(data).toEqual({ ...loader(loaderArgs("/terminologies")), failed: true });
  });

  it("renders a letter's address with every term under it", () => {
    const data = loader(loaderArgs("/terminologies?letter=b"));
    const underB = glossary.filter((term) => term.letter === "B");
    expect(data.terms).toEqual(underB);
    expect(data.letter).toBe("B");
    expect(data.names).toHaveLength(glossary.length);
  });

  it("filters by the ?letter= in the address", async () => {
    const Stub = createRoutesStub([
      {
        path: "/terminologies",
        Component: Terminologies,
        loader: () => glossaryPageData(glossary),
        HydrateFallback: () => null,
      },
    ]);
    render(<Stub initialEntries={["/terminologies?letter=q"]} />);
    expect(await screen.findByRole("heading", { level: 2, name: "Q" })).toBeVisible();
    expect(screen.getByText("Q factor")).toBeVisible();
    expect(screen.queryByText("Axon")).toBeNull();
  });

  it("shows a clear message instead of an empty page when the glossary cannot be loaded", async () => {
    const Stub = createRoutesStub([
      {
        path: "/terminologies",
        Component: Terminologies,
        ErrorBoundary,
        HydrateFallback: () => null,
        loader: () => {
          throw new Response("Service Unavailable", { status: 503 });
        },
      },
    ]);
    render(<Stub initialEntries={["/terminologies"]} />);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The glossary could not be loaded. Please check your connection and reload the page.",
    );
    expect(screen.getByRole("heading", { level: 1, name: "Terminologies" })).toBeVisible();
  });
});
