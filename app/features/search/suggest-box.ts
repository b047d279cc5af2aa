// WAI-ARIA combobox (APG list autocomplete), in the page script so it works unhydrated. The
// header renders popup and live region empty via dangerouslySetInnerHTML: React never touches them.
import { formatMoney } from "#core/format.ts";
import type { Suggestion, SuggestionsResponse } from "#core/search/search-response.ts";

export const SUGGESTION_DELAY_MS = 150;
const MIN_LENGTH = 2;

const KIND_LABELS: Record<Suggestion["kind"], string> = {
  product: "Product",
  page: "Page",
  glossary: "Glossary",
};

export type FetchSuggestions = (q: string, signal: AbortSignal) => Promise<Suggestion[]>;

const fetchFromApi: FetchSuggestions = async (q, signal) => {
  const response = await fetch(`/api/search/suggestions?q=${encodeURIComponent(q)}`, { signal });
  if (!response.ok) return [];
  return ((await response.json()) as SuggestionsResponse).suggestions;
};

export function suggestionsAnnouncement(count: number): string {
  if (count === 0) return "No suggestions.";
  const noun = count === 1 ? "suggestion" : "suggestions";
  return `${count} ${noun}. Use the up and down arrow keys to choose one.`;
}

export interface SearchBoxParts {
  input: HTMLInputElement;
  list: HTMLElement;
  status: HTMLElement;
}

export function enhanceSearchBox(
  { input, list, status }: SearchBoxParts,
  {
    fetchSuggestions = fetchFromApi,
    go = (path: string) => location.assign(path),
  }: { fetchSuggestions?: FetchSuggestions; go?: (path: string) => void } = {},
) {
  const listId = list.id;
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", listId);
  input.setAttribute("autocomplete", "off");

  let suggestions: Suggestion[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | undefined;

  const options = () => [...list.children] as HTMLElement[];

  function setActive(index: number) {
    active = index;
    options().forEach((option, at) => option.setAttribute("aria-selected", String(at === index)));
    const current = options()[index];
    if (current) {
      input.setAttribute("aria-activedescendant", current.id);
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  }

  function close() {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    setActive(-1);
  }

  function open() {
    if (suggestions.length === 0) return;
    list.hidden = false;
    input.setAttribute("aria-expanded", "true");
  }

  function show(found: Suggestion[]) {
    suggestions = found;
    list.replaceChildren(
      ...found.map((suggestion, index) => {
        const option = document.createElement("li");
        option.id = `${listId}-${index}`;
        option.setAttribute("role", "option");
        option.setAttribute("aria-selected", "false");
        const title = document.createElement("span");
        title.className = "search-suggestion-title";
        title.textContent = suggestion.title;
        const detail = document.createElement("span");
        detail.className = "search-suggestion-detail";
        detail.textContent =
          suggestion.priceCents === undefined
            ? KIND_LABELS[suggestion.kind]
            : `${KIND_LABELS[suggestion.kind]}, ${formatMoney(suggestion.priceCents)}`;
        option.append(title, " ", detail);
        // Keep the focus in the box; the click then chooses.
        option.addEventListener("mousedown", (event) => event.preventDefault());
        option.addEventListener("click", () => go(suggestion.path));
        return option;
      }),
    );
    setActive(-1);
    status.textContent = suggestionsAnnouncement(found.length);
    if (found.length > 0 && document.activeElement === input) open();
    else close();
  }

  function request() {
    clearTimeout(timer);
    pending?.abort();
    const q = input.value.trim();
    if (q.length < MIN_LENGTH) {
      suggestions = [];
      list.replaceChildren();
      status.textContent = "";
      close();
      return;
    }
    timer = setTimeout(() => {
      const controller = new AbortController();
      pending = controller;
      fetchSuggestions(q, controller.signal).then(
        (found) => {
          if (!controller.signal.aborted) show(found);
        },
        () => {
          // Superseded or offline: the form still submits to /search.
        },
      );
    }, SUGGESTION_DELAY_MS);
  }

  input.addEventListener("input", request);
  input.addEventListener("focus", open);
  input.addEventListener("blur", close);

  input.addEventListener("keydown", (event) => {
    const count = suggestions.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (count === 0) return;
        event.preventDefault();
        if (list.hidden) {
          open();
          setActive(event.key === "ArrowDown" ? 0 : count - 1);
        } else if (active === -1) {
          setActive(event.key === "ArrowDown" ? 0 : count - 1);
        } else {
          setActive((active + (event.key === "ArrowDown" ? 1 : -1) + count) % count);
        }
        return;
      }
      case "Enter": {
        const chosen = list.hidden ? undefined : suggestions[active];
        if (!chosen) return; // the form submits to /search
        event.preventDefault();
        close();
        go(chosen.path);
        return;
      }
      case "Escape": {
        if (!list.hidden) {
          event.preventDefault();
          event.stopPropagation();
          close();
        } else if (input.value) {
          event.preventDefault();
          input.value = "";
          request();
        }
        return;
      }
      default:
    }
  });
}
