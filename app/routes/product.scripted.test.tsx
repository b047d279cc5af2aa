import { MemoryRouter, RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { PageServices } from "#core/pages/page-services.ts";
import { servicesContext } from "#app/load-context.ts";
import { catalogueView, contentProducts } from "#tests/app/catalogue-context.ts";
import { openScriptedPage, type ScriptedPageOptions } from "#tests/app/scripted-page.ts";
import Product, { loader } from "./product.tsx";

const HARDBACK = "neural-interfaces-from-electrode-to-algorithm-hardback"; // id 1

/** A product's page as the server sends it, scripts run. */
async function openProduct({
  unitsLeft,
  ...options
}: ScriptedPageOptions & { unitsLeft?: number } = {}) {
  const context = new RouterContextProvider();
  const view = catalogueView(
    contentProducts.map((product) => (product.id === 1 ? { ...product, unitsLeft } : product)),
  );
  context.set(servicesContext, { catalogue: () => view } as unknown as PageServices);
  const loaderData = loader({ params: { slug: HARDBACK }, context } as unknown as Parameters<
    typeof loader
  >[0]);
  const page = await openScriptedPage(
    <MemoryRouter initialEntries={[`/products/${HARDBACK}`]}>
      <Product
        {...({ loaderData, actionData: undefined } as unknown as Parameters<typeof Product>[0])}
      />
    </MemoryRouter>,
    options,
  );
  await page.settle();
  const button = page.document.querySelector<HTMLButtonElement>("form[data-add-to-cart] button")!;
  return { ...page, button, line: page.document.getElementById("product-stock")! };
}

describe("a product's page with its script", () => {
  it("adds the product, with its fields and without its opening stock, to the cart", async () => {
    const page = await openProduct();
    expect(page.line.textContent).toBe("In stock");
    expect(page.requests).toEqual([]);
    page.button.click();
    expect(page.document.querySelector("[role=status]")?.textContent).toBe("Added to Cart!");
    const [line] = page.storedCart() as Record<string, unknown>[];
    expect(line).toMatchObject({ id: 1, type: "Hardback", priceCents: 8995, quantity: 1 });
    expect(line).toHaveProperty("isbn", "978-0-6489217-0-7");
    expect(line).not.toHaveProperty("stock");
    expect(page.counts()).toEqual(["1"]);
  });

  it("says a product is out of stock and disables its Add to Cart", async () => {
    const page = await openProduct({ unitsLeft: 0 });
    expect(page.line.textContent).toBe("Out of stock");
    expect(page.button.disabled).toBe(true);
    expect(page.button.getAttribute("aria-describedby")).toBe("product-stock");
  });

  it("says how few are left", async () => {
    const page = await openProduct({ unitsLeft: 3 });
    expect(page.line.textContent).toBe("Only 3 left");
    expect(page.button.disabled).toBe(false);
    page.button.click();
    expect(page.storedCart()).toEqual([expect.not.objectContaining({ unitsLeft: 3 })]);
  });
});
