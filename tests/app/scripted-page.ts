import { fileURLToPath } from "node:url";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { JSDOM, VirtualConsole } from "jsdom";
import { bundleInlineScript } from "../../build-plugins/inline-script.ts";

/** What every page inlines: the bundle the build makes, not the source module. */
export const { code: pageScript } = bundleInlineScript(
  fileURLToPath(new URL("../../app/layout/page-script.ts", import.meta.url)),
);

/** The header's and footer's parts the page script fills in, as the layout renders them. */
const SHELL = `
  <header>
    <a href="/cart" data-cart-link aria-label="Cart, 0 items"><span data-cart-count>0</span></a>
    <button type="button" data-theme-toggle>Theme</button>
    <details data-menu><summary>Menu</summary><nav aria-label="Main"></nav></details>
  </header>`;
const FOOTER = `<footer>2021–<span data-current-year>2020</span></footer>`;

export interface ScriptedPageOptions {
  /** localStorage before the first byte is parsed. */
  stored?: Record<string, string>;
  /** False: every touch of localStorage throws, as with storage disabled. */
  storage?: boolean;
  /** Markup after the page script in <head>. */
  head?: string;
}

/**
 * A page as the browser parses it, with no framework: `main` (markup or a React element
 * rendered to static HTML, as the server sends it) inside the layout's header and footer, and the
 * page script inlined in <head>.
 */
export async function openScriptedPage(
  main: string | ReactElement = "",
  { stored = {}, storage = true, head = "" }: ScriptedPageOptions = {},
) {
  const body = typeof main === "string" ? main : renderToStaticMarkup(main);
  const requests: string[] = [];
  const sent: HTMLFormElement[] = [];
  const virtualConsole = new VirtualConsole();
  // A form the script let through is "sent": jsdom says it does not navigate, which is expected.
  virtualConsole.on("jsdomError", (error) => {
    if (!/Not implemented: HTMLFormElement/.test(error.message)) throw error;
  });
  const dom = new JSDOM(
    `<!DOCTYPE html><html><head><script>${pageScript}</script>${head}</head>` +
      `<body>${SHELL}<main>${body}</main>${FOOTER}</body></html>`,
    {
      url: "https://kybernetes.test/",
      runScripts: "dangerously",
      virtualConsole,
      beforeParse(window) {
        Object.assign(window, {
          // Every request is recorded and gets no answer, as offline.
          fetch: async (url: string) => {
            requests.push(String(url));
            throw new TypeError("Failed to fetch");
          },
        });
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
  // After the page script's own listener: what it let through goes to the server.
  window.addEventListener("submit", (event) => {
    if (!event.defaultPrevented) sent.push(event.target as HTMLFormElement);
  });
  if (window.document.readyState === "loading") {
    await new Promise((resolve) => window.addEventListener("DOMContentLoaded", resolve));
  }
  const { document } = window;
  return {
    window,
    document,
    html: document.documentElement,
    requests,
    /** Forms sent to the server: presses the script did not handle. */
    sent,
    counts: () => [...document.querySelectorAll("[data-cart-count]")].map((el) => el.textContent),
    cartLabel: () => document.querySelector("[data-cart-link]")?.getAttribute("aria-label"),
    storedCart: (): unknown => JSON.parse(window.localStorage.getItem("cart") ?? "null"),
    click: (selector: string) =>
      document
        .querySelector(selector)
        ?.dispatchEvent(new window.MouseEvent("click", { bubbles: true })),
    /** Lets the page's pending work (a fetch's answer) finish. */
    settle: () => new Promise((resolve) => window.setTimeout(resolve, 0)),
  };
}
