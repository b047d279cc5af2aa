import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ALPHABET } from "~core/glossary/glossary";
import Terminologies, { ErrorBoundary, loader } from "./terminologies";

describe("/terminologies", () => {
  it("loads the glossary from content/terminologies.csv at build time", () => {
    const { terms } = loader();
    expect(terms.length).toBeGreaterThanOrEqual(150);
    for (const term of terms) {
      expect(ALPHABET).toContain(term.letter);
      expect(term.term.toUpperCase().startsWith(term.letter)).toBe(true);
      expect(term.definition.length).toBeGreaterThan(20);
    }
    expect(new Set(terms.map((term) => term.term.toLowerCase())).size).toBe(terms.length);
  });

  it("filters by the ?letter= in the address", async () => {
    const Stub = createRoutesStub([
      {
        path: "/terminologies",
        Component: Terminologies,
        loader: () => loader(),
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
