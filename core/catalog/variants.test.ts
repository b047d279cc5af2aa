import { describe, expect, it } from "vitest";
import {
  optionsOf,
  variantChoices,
  variantLabel,
  variantSlugPart,
  withVariants,
} from "./variants.ts";

const tee = (id: number, color: string, size: string, unitsLeft?: number) => ({
  id,
  slug: `tee-${color}-${size}`.toLowerCase(),
  work: "tee",
  type: "T-Shirt",
  color,
  size,
  priceCents: 3995,
  images: color === "Sand" ? ["/images/sand.svg"] : [],
  ...(unitsLeft === undefined ? {} : { unitsLeft }),
});

// Charcoal in every size, Sand in S to L; Charcoal XL sold out.
const TEES = [
  tee(1, "Charcoal", "M"),
  tee(2, "Charcoal", "S"),
  tee(3, "Charcoal", "XL", 0),
  tee(4, "Charcoal", "L"),
  tee(5, "Sand", "S"),
  tee(6, "Sand", "M"),
];

describe("a work's options (issue 37)", () => {
  it("are the columns whose values differ, sizes from small to large", () => {
    expect(optionsOf(TEES)).toEqual([
      { name: "Colour", field: "color", values: ["Charcoal", "Sand"] },
      { name: "Size", field: "size", values: ["S", "M", "L", "XL"] },
    ]);
    expect(optionsOf([{ type: "Hardback" }, { type: "eBook" }])).toEqual([
      { name: "Format", field: "type", values: ["Hardback", "eBook"] },
    ]);
    expect(optionsOf([TEES[0]!])).toEqual([]);
    // Numbers in order; a product without a size is no choice of its own.
    expect(optionsOf(["10", "8", "12", ""].map((size) => ({ type: "Ring", size })))).toEqual([
      { name: "Size", field: "size", values: ["8", "10", "12"] },
    ]);
    expect(variantLabel({ type: "Ring", size: "" }, optionsOf([{ type: "Ring", size: "8" }]))).toBe(
      "",
    );
  });

  it("label a product by its values and give it its own address", () => {
    const options = optionsOf(TEES);
    expect(variantLabel(TEES[5]!, options)).toBe("Sand, Size M");
    expect(variantSlugPart(TEES[5]!, options)).toBe("sand-m");
    // The format is the product's type, shown as it is: never part of the label.
    expect(
      variantLabel({ type: "eBook" }, optionsOf([{ type: "Hardback" }, { type: "eBook" }])),
    ).toBe("");
  });

  it("show a product without pictures with its colour's, and label each", () => {
    const [charcoal, , , , sand] = withVariants(TEES);
    expect(sand).toMatchObject({ variant: "Sand, Size S", images: ["/images/sand.svg"] });
    // No Charcoal has a picture: another of the work's stands in.
    expect(charcoal).toMatchObject({ variant: "Charcoal, Size M", images: ["/images/sand.svg"] });
  });
});

describe("the choices from one product", () => {
  const sizes = (from: (typeof TEES)[number]) =>
    variantChoices(from, TEES).find((option) => option.name === "Size")!.choices;

  it("lead each value to the product with the other values chosen now", () => {
    expect(sizes(TEES[0]!)).toEqual([
      { value: "S", slug: "tee-charcoal-s", priceCents: 3995, current: false, soldOut: false },
      { value: "M", slug: "tee-charcoal-m", priceCents: 3995, current: true, soldOut: false },
      { value: "L", slug: "tee-charcoal-l", priceCents: 3995, current: false, soldOut: false },
      // Sold out: still a link, so its page says so.
      { value: "XL", slug: "tee-charcoal-xl", priceCents: 3995, current: false, soldOut: true },
    ]);
  });

  it("mark a value not made with the colour chosen now, and lead it to one that is", () => {
    const fromSand = sizes(TEES[5]!);
    expect(fromSand.find((choice) => choice.value === "L")).toEqual({
      value: "L",
      slug: "tee-charcoal-l",
      priceCents: 3995,
      current: false,
      soldOut: false,
      notWith: "Sand",
    });
    const colours = variantChoices(TEES[3]!, TEES).find((option) => option.name === "Colour")!;
    expect(colours.choices.find((choice) => choice.value === "Sand")).toMatchObject({
      notWith: "size L",
      soldOut: false,
    });
  });

  it("strike a colour through when every size of it is sold out", () => {
    const sandGone = TEES.map((product) =>
      product.color === "Sand" ? { ...product, unitsLeft: 0 } : product,
    );
    const colours = variantChoices(sandGone[3]!, sandGone).find(
      (option) => option.name === "Colour",
    )!;
    expect(colours.choices.find((choice) => choice.value === "Sand")).toMatchObject({
      soldOut: true,
    });
  });
});
