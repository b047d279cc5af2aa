import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import {
  glossaryLetterData,
  glossaryPageData,
  type GlossaryPageData,
  type GlossaryTerm,
} from "#core/glossary/glossary.ts";
import { GlossaryView } from "./glossary-view.tsx";

const terms: GlossaryTerm[] = [
  { letter: "A", term: "Axon", definition: "Carries action potentials away from the cell body." },
  { letter: "A", term: "Autoclave", definition: "Sterilises with pressurised steam." },
  { letter: "B", term: "Biofilm", definition: "Bacteria living in a slimy matrix." },
  { letter: "Q", term: "Q factor", definition: "" },
];

function renderView(letter: string | null, data: GlossaryPageData = glossaryPageData(terms)) {
  render(
    <MemoryRouter>
      <GlossaryView data={data} letter={letter} path="/terminologies" />
    </MemoryRouter>,
  );
  return screen.getByRole("navigation", { name: "Glossary letters" });
}

describe("GlossaryView", () => {
  it("offers All and A to Z, with letters that have no terms disabled", () => {
    const letters = renderView(null);
    expect(within(letters).getByRole("link", { name: "All" })).toHaveAttribute(
      "href",
      "/terminologies",
    );
    expect(within(letters).getByRole("link", { name: "B" })).toHaveAttribute(
      "href",
      "/terminologies?letter=B",
    );
    const disabled = within(letters).getByRole("link", { name: "C" });
    expect(disabled).toHaveAttribute("aria-disabled", "true");
    expect(disabled).not.toHaveAttribute("href");
    expect(within(letters).getAllByRole("link")).toHaveLength(27);
  });

  it("shows All Terms by default", () => {
    renderView(null);
    expect(screen.getByRole("heading", { level: 2, name: "All Terms" })).toBeVisible();
    expect(screen.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByText("4 terms")).toBeVisible();
    for (const { term } of terms) expect(screen.getByText(term)).toBeVisible();
  });

  it("filters by letter with the letter as heading", () => {
    renderView("A");
    expect(screen.getByRole("heading", { level: 2, name: "A" })).toBeVisible();
    expect(screen.getByRole("link", { name: "A" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByText("Axon")).toBeVisible();
    expect(screen.getByText("Sterilises with pressurised steam.")).toBeVisible();
    expect(screen.queryByText("Biofilm")).toBeNull();
    expect(screen.getByText("2 terms")).toBeVisible();
  });

  it("says so when a letter has no terms", () => {
    renderView("Z");
    expect(screen.getByRole("heading", { level: 2, name: "Z" })).toBeVisible();
    expect(screen.getByText("There are no terms under this letter yet.")).toBeVisible();
  });

  describe("before the whole glossary has arrived", () => {
    const firstTwo = glossaryPageData(terms, 2);

    it("shows the first terms under All, counts them all and says the rest follow", () => {
      const letters = renderView(null, firstTwo);
      expect(screen.getByText("4 terms")).toBeVisible();
      expect(screen.getByText("Axon")).toBeVisible();
      expect(screen.queryByText("Biofilm")).toBeNull();
      expect(screen.getByText(/^The other 2 terms follow/)).toHaveTextContent(
        "The other 2 terms follow as soon as the page has loaded. All 4 are also in the glossary CSV file.",
      );
      expect(screen.getByRole("link", { name: "glossary CSV file" })).toHaveAttribute(
        "href",
        "/Terminologies.csv",
      );
      // Letters come from the whole glossary, not only from the terms shown so far.
      expect(within(letters).getByRole("link", { name: "Q" })).toHaveAttribute(
        "href",
        "/terminologies?letter=Q",
      );
    });

    it("waits for the rest before showing a letter", () => {
      renderView("B", firstTwo);
      expect(screen.getByRole("heading", { level: 2, name: "B" })).toBeVisible();
      expect(screen.getByRole("status")).toHaveTextContent("Loading terms…");
      expect(screen.queryByText("There are no terms under this letter yet.")).toBeNull();
    });

    it("shows a letter whose terms the server sent, without waiting", () => {
      renderView("A", glossaryLetterData(terms, "A"));
      expect(screen.getByText("Axon")).toBeVisible();
      expect(screen.getByText("Autoclave")).toBeVisible();
      expect(screen.getByText("2 terms")).toBeVisible();
      expect(screen.queryByText("Loading terms…")).toBeNull();
      expect(screen.queryByText(/follow as soon as/)).toBeNull();
    });

    it("keeps the first terms and says so when the rest could not be loaded", () => {
      renderView(null, { ...firstTwo, failed: true });
      expect(screen.getByText("Axon")).toBeVisible();
      expect(screen.getByRole("alert")).toHaveTextContent(
        "The rest of the glossary could not be loaded. Please check your connection and reload the page.",
      );
      expect(screen.queryByText(/follow as soon as/)).toBeNull();
    });

    it("says so under a letter too when the rest could not be loaded", () => {
      renderView("B", { ...firstTwo, failed: true });
      expect(screen.getByRole("alert")).toHaveTextContent(
        "The rest of the glossary could not be loaded.",
      );
      expect(screen.queryByText("Loading terms…")).toBeNull();
    });
  });
});
