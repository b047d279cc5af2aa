import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { GlossaryTerm } from "~core/glossary/glossary";
import { GlossaryView } from "./glossary-view";

const terms: GlossaryTerm[] = [
  { letter: "A", term: "Axon", definition: "Carries action potentials away from the cell body." },
  { letter: "A", term: "Autoclave", definition: "Sterilises with pressurised steam." },
  { letter: "B", term: "Biofilm", definition: "Bacteria living in a slimy matrix." },
  { letter: "Q", term: "Q factor", definition: "" },
];

function renderView(letter: string | null) {
  render(
    <MemoryRouter>
      <GlossaryView terms={terms} letter={letter} path="/terminologies" />
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
});
