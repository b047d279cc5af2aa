import { describe, expect, it } from "vitest";
import { firstVariantOf, oneCardPerChoice } from "./product-cards.ts";

const product = (id: number, fields: Record<string, unknown>) => ({
  id,
  slug: `p-${id}`,
  work: "hoodie",
  type: "Hoodie",
  priceCents: 7995,
  ...fields,
});

describe("a shop's cards (issue 37)", () => {
  it("show a format's sizes as one card from the lowest price, leading to a size in stock", () => {
    const cards = oneCardPerChoice([
      { ...product(1, { size: "M", sku: "KYB-3-M", unitsLeft: 0 }) },
      product(2, { size: "S", sku: "KYB-3-S", priceCents: 6995, unitsLeft: 0 }),
      product(3, { size: "XL", sku: "KYB-3-XL" }),
      product(4, { work: "mug", type: "Mug", size: "350 ml" }),
    ]);
    expect(cards).toHaveLength(2);
    expect(cards[0]).toMatchObject({
      slug: "p-3",
      size: "S, M, XL",
      sku: "KYB-3",
      choice: { label: "Choose a size", fromCents: 6995 },
    });
    expect(cards[0]).not.toHaveProperty("unitsLeft");
    expect(cards[1]).toMatchObject({ id: 4 });
    expect(cards[1]).not.toHaveProperty("choice");
  });

  it("stand for a search's one matched size, with every size of its work", () => {
    const all = [
      product(1, { size: "M", sku: "TS-10" }),
      product(2, { size: "S", sku: "TS-12", priceCents: 6995 }),
    ];
    const [card] = oneCardPerChoice([all[0]!], all);
    expect(card).toMatchObject({
      id: 1,
      size: "S, M",
      // Cut at a separator: never "TS-1".
      sku: "TS",
      choice: { label: "Choose a size", fromCents: 6995 },
    });
  });

  it("say a card is sold out only when every size is", () => {
    const [card] = oneCardPerChoice([
      product(1, { size: "M", unitsLeft: 0 }),
      product(2, { size: "S", unitsLeft: 0 }),
    ]);
    expect(card).toMatchObject({ unitsLeft: 0, slug: "p-2" });
  });

  it("keep formats apart: a hardback and an eBook are cards of their own", () => {
    const cards = oneCardPerChoice([
      product(1, { work: "book", type: "Hardback" }),
      product(2, { work: "book", type: "eBook" }),
    ]);
    expect(cards.map((card) => card.id)).toEqual([1, 2]);
  });

  it("send a work's own name to what its card leads to", () => {
    const products = [product(1, { size: "M", unitsLeft: 0 }), product(2, { size: "L" })];
    expect(firstVariantOf(products, "hoodie")?.slug).toBe("p-2");
    expect(firstVariantOf(products, "nothing")).toBeUndefined();
  });
});
