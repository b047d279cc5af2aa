import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { bundleInlineScript } from "../../build-plugins/inline-script.ts";
import { cartCount, parseCart } from "#core/cart/cart.ts";

// What every page inlines: the bundle the build makes, not the source module.
const { code } = bundleInlineScript(fileURLToPath(new URL("./page-script.ts", import.meta.url)));

const BODY = `
  <header>
    <a href="/cart" data-cart-link aria-label="Cart, 0 items"><span data-cart-count>0</span></a>
    <button type="button" data-theme-toggle>Theme</button>
    <details data-menu><summary>Menu</summary><nav aria-label="Main"></nav></details>
  </header>
  <aside>Cart Count: <strong data-cart-count>0</strong></aside>
  <footer>2021–<span data-current-year>2020</span></footer>`;

/** A page as the browser parses it, with `stored` in localStorage before the first byte. */
async function openPage(stored: Record<string, string> = {}, { storage = true } = {}) {
  const dom = new JSDOM(
    `<!DOCTYPE html><html><head><script>${code}</script>` +
      `<script>window.themeBeforeBody = document.documentElement.dataset.theme;</script>` +
      `</head><body>${BODY}</body></html>`,
    {
      url: "https://kybernetes.test/",
      runScripts: "dangerously",
      beforeParse(window) {
        if (!storage) {
          Object.defineProperty(window, "localStorage", {
            get() {
              throw new Error("SecurityError: storage is disabled");
            },
          });
          return;
        }
        for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
      },
    },
  );
  const { window } = dom;
  if (window.document.readyState === "loading") {
    await new Promise((resolve) => window.addEventListener("DOMContentLoaded", resolve));
  }
  const themeBeforeBody = (window as unknown as { themeBeforeBody?: string }).themeBeforeBody;
  const { document } = window;
  return {
    window,
    document,
    html: document.documentElement,
    themeBeforeBody,
    counts: () => [...document.querySelectorAll("[data-cart-count]")].map((el) => el.textContent),
    cartLabel: () => document.querySelector("[data-cart-link]")?.getAttribute("aria-label"),
    click: (selector: string) =>
      document
        .querySelector(selector)
        ?.dispatchEvent(new window.MouseEvent("click", { bubbles: true })),
  };
}

describe("the page script", () => {
  it("sets the stored theme and the session in <head>, before the body is parsed", async () => {
    const page = await openPage({ theme: "dark", authToken: "a.b.c" });
    expect(page.themeBeforeBody).toBe("dark");
    expect(page.html.dataset.theme).toBe("dark");
    expect(page.html.dataset.session).toBe("member");
  });

  it("starts a first visit light and signed out (SPEC §4: dark mode default off)", async () => {
    const page = await openPage({ authToken: "   " });
    expect(page.html.dataset.theme).toBe("light");
    expect(page.html.dataset.session).toBe("visitor");
  });

  it.each([
    null,
    "not json",
    "{}",
    JSON.stringify([{ id: 1, type: "Paperback", quantity: 2 }]),
    JSON.stringify([{ id: "7", type: "T-Shirt" }, { id: 2, quantity: 3 }, { id: "x" }]),
    JSON.stringify([{ id: 1, type: "Paperback", quantity: 0 }, null, [1]]),
  ])(
    "counts the stored cart %s exactly as the app does, in every count and the link's name",
    async (raw) => {
      const page = await openPage(raw === null ? {} : { cart: raw });
      const expected = cartCount(parseCart(raw));
      expect(page.counts()).toEqual([String(expected), String(expected)]);
      expect(page.cartLabel()).toBe(`Cart, ${expected} ${expected === 1 ? "item" : "items"}`);
    },
  );

  it("writes into the text node that is there, so React keeps the node it rendered", async () => {
    const dom = await openPage();
    const before = dom.document.querySelector("[data-cart-count]")?.firstChild;
    dom.window.localStorage.setItem("cart", JSON.stringify([{ id: 1, type: "Book" }]));
    dom.window.dispatchEvent(new dom.window.StorageEvent("storage", { key: "cart" }));
    const after = dom.document.querySelector("[data-cart-count]")?.firstChild;
    expect(after).toBe(before);
    expect(after?.textContent).toBe("1");
  });

  it("fills in the visitor's current year", async () => {
    const page = await openPage();
    expect(page.document.querySelector("[data-current-year]")?.textContent).toBe(
      String(new Date().getFullYear()),
    );
  });

  it("switches the theme on the toggle and remembers it", async () => {
    const page = await openPage();
    page.click("[data-theme-toggle]");
    expect(page.html.dataset.theme).toBe("dark");
    expect(page.window.localStorage.getItem("theme")).toBe("dark");
    page.click("[data-theme-toggle]");
    expect(page.html.dataset.theme).toBe("light");
    expect(page.window.localStorage.getItem("theme")).toBe("light");
  });

  it("follows another tab's theme, login and cart", async () => {
    const page = await openPage();
    const { localStorage, StorageEvent } = page.window;
    localStorage.setItem("theme", "dark");
    localStorage.setItem("authToken", "a.b.c");
    localStorage.setItem("cart", JSON.stringify([{ id: 1, type: "Book", quantity: 4 }]));
    page.window.dispatchEvent(new StorageEvent("storage", { key: null }));
    expect(page.html.dataset.theme).toBe("dark");
    expect(page.html.dataset.session).toBe("member");
    expect(page.counts()).toEqual(["4", "4"]);
  });

  it("closes the open menu on Escape and gives its button the focus back", async () => {
    const page = await openPage();
    const menu = page.document.querySelector("details") as HTMLDetailsElement;
    menu.open = true;
    page.document.dispatchEvent(new page.window.KeyboardEvent("keydown", { key: "Escape" }));
    expect(menu.open).toBe(false);
    expect(page.document.activeElement).toBe(page.document.querySelector("summary"));
  });

  it("keeps working when storage is disabled", async () => {
    const page = await openPage({}, { storage: false });
    expect(page.html.dataset.theme).toBe("light");
    expect(page.counts()).toEqual(["0", "0"]);
    page.click("[data-theme-toggle]");
    expect(page.html.dataset.theme).toBe("dark");
  });

  it("is small enough to inline on every page", async () => {
    // What every page carries over the wire, compressed: 1.4 KB before the search suggestions,
    // 2.2 KB with them, 2.5 KB with the stored fields that let forms work before hydration.
    expect(gzipSync(code).length).toBeLessThan(2600);
    expect(code).not.toMatch(/import|export/);
  });
});
