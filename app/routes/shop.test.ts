import { describe, expect, it } from "vitest";
import { isCategory } from "#core/catalog/category.ts";
import { catalogueContext } from "#tests/app/catalogue-context.ts";
import { action, loader } from "./shop.tsx";

const run = (path: string) =>
  loader({
    request: new Request(`http://site${path}`),
    url: new URL(`http://site${path}`),
    context: catalogueContext(),
  } as unknown as Parameters<typeof loader>[0]);

describe("the shop route's loader", () => {
  it("keeps only the shop's category, with its choices (SPEC §2)", () => {
    const books = run("/books");
    expect(books.path).toBe("/books");
    expect(books.products.length).toBeGreaterThan(0);
    expect(books.products.every((product) => isCategory(product, "book"))).toBe(true);
    expect(books.choices).toContain("Science Fiction");

    const merchandise = run("/merchandise?type=Mug");
    expect(merchandise.products.every((product) => isCategory(product, "merchandise"))).toBe(true);
    expect(merchandise.choices).toContain("T-Shirt");
    expect(run("/cyberware").choices).toEqual(["Tools", "Sterilization", "Body Modification"]);
  });

  it("answers 404 for a path that is no shop", () => {
    let thrown: unknown;
    try {
      run("/nowhere");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });
});

describe("Add to Cart on a card, pressed where no script runs", () => {
  const press = (fields: Record<string, string>) =>
    action({
      request: new Request("http://site/books?genre=Fiction", {
        method: "POST",
        body: new URLSearchParams(fields),
      }),
      context: catalogueContext(),
    } as unknown as Parameters<typeof action>[0]);

  it("says the cart needs JavaScript, on the card pressed", async () => {
    expect(await press({ id: "5", type: "Paperback" })).toMatchObject({
      data: { needsScript: 5 },
      init: { status: 400 },
    });
  });

  it("answers 404 for a product the catalogue does not sell", async () => {
    await expect(press({ id: "999", type: "Mug" })).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});

describe("a product's sizes on the shop (issue 37)", () => {
  it("are one card priced from the lowest, leading to a size: never an Add to Cart of none", () => {
    const { products } = run("/merchandise");
    const hoodies = products.filter((product) => product.name === "Circuit Trace Hoodie");
    expect(hoodies).toHaveLength(1);
    expect(hoodies[0]).toMatchObject({
      slug: "circuit-trace-hoodie-s",
      size: "S, M, L, XL, XXL",
      sku: "KYB-MR-003",
      choice: { label: "Choose a size", fromCents: 7995 },
    });
    const tee = products.find((product) => product.name === "Steersman Logo T-Shirt");
    expect(tee).toMatchObject({
      color: "Charcoal, Sand",
      choice: { label: "Choose a colour and size" },
    });
    // One card per product a visitor sees: 8 works.
    expect(products).toHaveLength(8);
  });
});
