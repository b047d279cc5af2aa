import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { openScriptedPage, pageScript } from "#tests/app/scripted-page.ts";
import { cartCount, parseCart } from "#core/cart/cart.ts";

const code = pageScript;

/** A page with the layout's parts and `stored` in localStorage before the first byte. */
async function openPage(stored: Record<string, string> = {}, { storage = true } = {}) {
  const page = await openScriptedPage(
    `<aside>Cart Count: <strong data-cart-count>0</strong></aside>`,
    {
      stored,
      storage,
      head: `<script>window.themeBeforeBody = document.documentElement.dataset.theme;</script>`,
    },
  );
  const themeBeforeBody = (page.window as unknown as { themeBeforeBody?: string }).themeBeforeBody;
  return { ...page, themeBeforeBody };
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
    expect(page.html.dataset.cart).toBe("filled");
  });

  it("marks an empty or filled cart on <html> before the body, for the cart page's first paint", async () => {
    expect((await openPage()).html.dataset.cart).toBe("empty");
    expect((await openPage({ cart: "[]" })).html.dataset.cart).toBe("empty");
    const filled = await openPage({ cart: JSON.stringify([{ id: 1, type: "Book" }]) });
    expect(filled.html.dataset.cart).toBe("filled");
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
    // What every page carries over the wire, compressed: 2.5 KB with the search suggestions and
    // stored fields, 3.1 KB with the shops' Add to Cart and stock (decision 030: ≤ 10 KB).
    expect(gzipSync(code).length).toBeLessThan(3300);
    expect(code).not.toMatch(/import|export/);
  });
});
