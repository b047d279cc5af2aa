// The one inline script of every page (most load no framework, decisions 012 and 030): theme,
// session, cart counts, menu, search suggestions, Add to Cart on the shops, other tabs' changes,
// and stored values sent with forms.
// Bundled with core/ (build-plugins/inline-script.ts), so it reads storage as the app's stores do.
import {
  otherTheme,
  parseTheme,
  parseToken,
  sessionOf,
  STORAGE_KEYS,
} from "#core/browser-state/browser-state.ts";
import { cartCount, cartLinkLabel, parseCart } from "#core/cart/cart.ts";
import { addToCartOnSubmit } from "#app/features/cart/add-to-cart-forms.ts";
import { enhanceSearchBox } from "#app/features/search/suggest-box.ts";

const root = document.documentElement;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be disabled (privacy mode): behave as a first visit.
    return null;
  }
}

function setText(element: Element, text: string) {
  const node = element.firstChild;
  // Change the text node React rendered instead of replacing it, so React keeps its node.
  if (node && node.nodeType === Node.TEXT_NODE && !node.nextSibling) {
    if (node.nodeValue !== text) node.nodeValue = text;
  } else {
    element.textContent = text;
  }
}

function showTheme() {
  root.dataset.theme = parseTheme(read(STORAGE_KEYS.theme));
}

function showSession() {
  root.dataset.session = sessionOf(parseToken(read(STORAGE_KEYS.authToken)));
}

/** Read before the first paint, so an empty cart's page says so at once (issue 37). */
function showCartState() {
  root.dataset.cart = cartCount(parseCart(read(STORAGE_KEYS.cart))) === 0 ? "empty" : "filled";
}

function showCartCount() {
  showCartState();
  const count = cartCount(parseCart(read(STORAGE_KEYS.cart)));
  for (const element of document.querySelectorAll("[data-cart-count]")) {
    setText(element, String(count));
    element.closest("[data-cart-link]")?.setAttribute("aria-label", cartLinkLabel(count));
  }
}

function showYear() {
  for (const element of document.querySelectorAll("[data-current-year]")) {
    setText(element, String(new Date().getFullYear()));
  }
}

function toggleTheme() {
  const theme = otherTheme(parseTheme(root.dataset.theme));
  root.dataset.theme = theme;
  try {
    localStorage.setItem(STORAGE_KEYS.theme, theme);
  } catch {
    // Not remembered, but this page still changes.
  }
}

showTheme();
showSession();
showCartState();
document.addEventListener("DOMContentLoaded", () => {
  showCartCount();
  showYear();
  for (const form of document.querySelectorAll("[data-search-box]")) {
    const input = form.querySelector<HTMLInputElement>("input[name=q]");
    const list = form.querySelector<HTMLElement>("[data-search-suggestions]");
    const status = form.querySelector<HTMLElement>("[data-search-status]");
    if (input && list && status) enhanceSearchBox({ input, list, status });
  }
});

addEventListener("storage", (event) => {
  if (event.key === STORAGE_KEYS.theme || event.key === null) showTheme();
  if (event.key === STORAGE_KEYS.authToken || event.key === null) showSession();
  if (event.key === STORAGE_KEYS.cart || event.key === null) showCartCount();
});

// Forms needing the login or cart carry them in hidden fields filled as they are sent, so a press
// before hydration still sends them; these forms are POSTs, so nothing leaves in a URL.
document.addEventListener(
  "submit",
  (event) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    for (const field of event.target.querySelectorAll<HTMLInputElement>("input[data-stored]")) {
      const key = field.dataset.stored;
      if (key === "authToken") field.value = parseToken(read(STORAGE_KEYS.authToken)) ?? "";
      if (key === "cart") field.value = read(STORAGE_KEYS.cart) ?? "[]";
    }
    // A link e-mailed before decision 021 holds its secret in the fragment, which the server
    // never saw: it goes into the link page's form.
    for (const field of event.target.querySelectorAll<HTMLInputElement>("input[data-link-token]")) {
      if (field.value === "") {
        field.value = new URLSearchParams(location.hash.slice(1)).get("token")?.trim() ?? "";
      }
    }
  },
  true,
);

const cartStorage = {
  read: () => read(STORAGE_KEYS.cart),
  write: (value: string) => localStorage.setItem(STORAGE_KEYS.cart, value),
};
document.addEventListener("submit", (event) =>
  addToCartOnSubmit(event, cartStorage, showCartCount),
);

document.addEventListener("click", (event) => {
  if (event.target instanceof Element && event.target.closest("[data-theme-toggle]")) {
    toggleTheme();
  }
});

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  const menu = document.querySelector<HTMLDetailsElement>("details[data-menu][open]");
  if (!menu) return;
  menu.open = false;
  menu.querySelector("summary")?.focus();
});
