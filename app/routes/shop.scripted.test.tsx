import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { catalogueContext, contentProducts } from "#tests/app/catalogue-context.ts";
import { openScriptedPage, type ScriptedPageOptions } from "#tests/app/scripted-page.ts";
import Shop, { loader } from "./shop.tsx";

const CLEANER = "Ultrasonic Instrument Cleaner 2 L"; // id 25
const READER = "Dual-Frequency RFID/NFC Reader-Writer"; // id 14
const VIEWER = "Magnetic Field Viewer Card"; // id 13

/**
 * /cyberware as the server sends it (the real loader over content/products.csv, with the live
 * counts `unitsLeft` gives as the catalogue snapshot holds them), scripts run.
 */
async function openCyberware(
  options: ScriptedPageOptions & { unitsLeft?: Record<number, number> } = {},
) {
  const url = "http://site/cyberware";
  const products = contentProducts.map((product) =>
    options.unitsLeft?.[product.id] === undefined
      ? product
      : { ...product, unitsLeft: options.unitsLeft[product.id] },
  );
  const loaderData = loader({
    request: new Request(url),
    url: new URL(url),
    context: catalogueContext(products),
  } as unknown as Parameters<typeof loader>[0]);
  const page = await openScriptedPage(
    <MemoryRouter initialEntries={["/cyberware"]}>
      <Shop {...({ loaderData, actionData: undefined } as unknown as Parameters<typeof Shop>[0])} />
    </MemoryRouter>,
    options,
  );
  const card = (name: string) =>
    [...page.document.querySelectorAll("article")].find((article) =>
      article.querySelector("h2")?.textContent?.includes(name),
    )!;
  const stockLine = (name: string) => card(name).querySelector<HTMLElement>("[data-state]")!;
  const button = (name: string) => card(name).querySelector("button")!;
  const describedBy = (name: string) =>
    page.document.getElementById(button(name).getAttribute("aria-describedby") ?? "")?.textContent;
  await page.settle();
  return { ...page, card, stockLine, button, describedBy };
}

describe("a shop page's pictures", () => {
  it("are asked for once the page is styled, none preloaded ahead of its stylesheets", async () => {
    const page = await openCyberware();
    const covers = [...page.document.querySelectorAll("article img")];
    expect(covers.length).toBe(13);
    for (const cover of covers) {
      expect(cover.getAttribute("loading")).toBe("lazy");
      expect(cover.hasAttribute("fetchpriority")).toBe(false);
    }
  });
});

describe("stock on a shop page", () => {
  it("says how many are left on each card in the HTML, with no request; out of stock disables Add to Cart", async () => {
    const page = await openCyberware({ unitsLeft: { 25: 0, 14: 2 } });
    expect(page.requests).toEqual([]);
    expect(page.stockLine(CLEANER).textContent).toBe("Out of stock");
    expect(page.stockLine(READER).textContent).toBe("Only 2 left");
    expect(page.stockLine(VIEWER).textContent).toBe("In stock");
    for (const name of [CLEANER, READER, VIEWER]) {
      // Part of the page, not a live region: 30 cards are not read out at once.
      expect(page.stockLine(name).hasAttribute("aria-hidden")).toBe(false);
      expect(page.stockLine(name).hasAttribute("aria-live")).toBe(false);
      expect(page.stockLine(name).hasAttribute("role")).toBe(false);
    }

    const cleaner = page.button(CLEANER);
    expect(cleaner.disabled).toBe(true);
    expect(cleaner.textContent).toBe("Add to Cart");
    expect(page.describedBy(CLEANER)).toBe("Out of stock");
    expect(page.button(READER).disabled).toBe(false);
    expect(page.button(READER).hasAttribute("aria-describedby")).toBe(false);
    expect(page.button(VIEWER).disabled).toBe(false);
  });

  it("says every product is in stock when none is short, and Add to Cart adds", async () => {
    const page = await openCyberware();
    const articles = page.document.querySelectorAll("article");
    expect(articles).toHaveLength(13);
    for (const article of articles) {
      expect(article.querySelector("[data-state]")?.textContent).toBe("In stock");
      expect(article.querySelector("button")?.disabled).toBe(false);
    }
    page.button(CLEANER).click();
    expect(page.card(CLEANER).querySelector("[role=status]")?.textContent).toBe("Added to Cart!");
    expect(page.storedCart()).toEqual([
      expect.objectContaining({ id: 25, name: CLEANER, quantity: 1 }),
    ]);
    expect(page.counts()).toEqual(["1", "1"]);
  });

  it("sends the page no opening stock from the CSV, and stores no count with a line", async () => {
    const page = await openCyberware({ unitsLeft: { 14: 2 } });
    for (const line of page.document.querySelectorAll("script[data-cart-line]")) {
      const stored = JSON.parse(line.textContent ?? "");
      expect(stored).not.toHaveProperty("stock");
      expect(stored).not.toHaveProperty("unitsLeft");
    }
    expect(page.document.querySelectorAll("script[data-cart-line]")).toHaveLength(13);
  });
});
