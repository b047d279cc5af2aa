import { fireEvent, waitFor } from "@testing-library/dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Suggestion } from "#core/search/search-response.ts";
import { enhanceSearchBox, type FetchSuggestions } from "./suggest-box.ts";

const found: Suggestion[] = [
  {
    kind: "product",
    title: "Magnetic Field Viewer Card",
    path: "/products/magnetic-field-viewer-card",
    priceCents: 1295,
  },
  { kind: "page", title: "Cyborg Museum", path: "/cyborgmuseum" },
  { kind: "glossary", title: "Magnet", path: "/terminologies?letter=M#term-magnet" },
];

function setUp() {
  document.body.innerHTML = `<form action="/search"><input name="q" aria-label="Search the site">
    <ul id="suggestions" role="listbox" hidden></ul><p role="status"></p></form>`;
  const input = document.querySelector("input") as HTMLInputElement;
  const list = document.querySelector("ul") as HTMLElement;
  const status = document.querySelector("p") as HTMLElement;
  const asked: { q: string; signal: AbortSignal }[] = [];
  const fetchSuggestions: FetchSuggestions = async (q, signal) => {
    asked.push({ q, signal });
    return found;
  };
  const go = vi.fn();
  enhanceSearchBox({ input, list, status }, { fetchSuggestions, go });
  input.focus();
  const listbox = () => document.querySelector('[role="listbox"]') as HTMLElement;
  const type = (text: string) => {
    input.value = text;
    fireEvent.input(input);
  };
  return { input, asked, go, listbox, type };
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the header's search suggestions", () => {
  it("is a combobox that asks once, after a pause, for at least two characters", async () => {
    const { input, asked, listbox, type } = setUp();
    expect(input).toHaveAttribute("role", "combobox");
    expect(input).toHaveAttribute("aria-expanded", "false");
    type("m");
    type("ma");
    type("mag");
    await waitFor(() => expect(input).toHaveAttribute("aria-expanded", "true"));
    expect(asked.map((call) => call.q)).toEqual(["mag"]);
    expect(input).toHaveAttribute("aria-controls", listbox().id);
    const options = [...listbox().querySelectorAll('[role="option"]')];
    expect(options.map((option) => option.textContent)).toEqual([
      "Magnetic Field Viewer Card Product, $12.95 AUD",
      "Cyborg Museum Page",
      "Magnet Glossary",
    ]);
    expect(document.querySelector('[role="status"]')).toHaveTextContent(
      "3 suggestions. Use the up and down arrow keys to choose one.",
    );
    type("m");
    expect(listbox()).not.toBeVisible();
  });

  it("cancels a request that a newer one supersedes", async () => {
    const { asked, type, input } = setUp();
    type("mag");
    await waitFor(() => expect(asked).toHaveLength(1));
    type("magn");
    expect(asked[0]?.signal.aborted).toBe(true);
    await waitFor(() => expect(asked).toHaveLength(2));
    await waitFor(() => expect(input).toHaveAttribute("aria-expanded", "true"));
  });

  it("moves with the arrow keys, chooses with Enter and closes with Escape", async () => {
    const { input, go, listbox, type } = setUp();
    type("mag");
    await waitFor(() => expect(input).toHaveAttribute("aria-expanded", "true"));
    const options = [...listbox().querySelectorAll('[role="option"]')];

    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input).toHaveAttribute("aria-activedescendant", options[0]?.id);
    expect(options[0]).toHaveAttribute("aria-selected", "true");
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(input).toHaveAttribute("aria-activedescendant", options[2]?.id);
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input).toHaveAttribute("aria-activedescendant", options[0]?.id);

    fireEvent.keyDown(input, { key: "Escape" });
    expect(input).toHaveAttribute("aria-expanded", "false");
    expect(input).not.toHaveAttribute("aria-activedescendant");
    expect(input.value).toBe("mag");
    fireEvent.keyDown(input, { key: "Escape" });
    expect(input.value).toBe("");

    type("mag");
    await waitFor(() => expect(input).toHaveAttribute("aria-expanded", "true"));
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    const enter = fireEvent.keyDown(input, { key: "Enter" });
    expect(enter).toBe(false);
    expect(go).toHaveBeenCalledWith("/cyborgmuseum");
  });

  it("leaves Enter to the form when no suggestion is chosen", async () => {
    const { input, go, type } = setUp();
    type("mag");
    await waitFor(() => expect(input).toHaveAttribute("aria-expanded", "true"));
    expect(fireEvent.keyDown(input, { key: "Enter" })).toBe(true);
    expect(go).not.toHaveBeenCalled();
  });

  it("follows a suggestion that is clicked", async () => {
    const { input, go, listbox, type } = setUp();
    type("mag");
    await waitFor(() => expect(input).toHaveAttribute("aria-expanded", "true"));
    fireEvent.click(listbox().querySelectorAll('[role="option"]')[2] as Element);
    expect(go).toHaveBeenCalledWith("/terminologies?letter=M#term-magnet");
  });
});
