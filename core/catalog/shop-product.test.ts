import { describe, expect, it } from "vitest";
import type { Product } from "./product.ts";
import { formatsOf, relatedTo, withSlugs } from "./shop-product.ts";

const item = (id: number, name: string, type: string): Product => ({
  id,
  name,
  type,
  description: "",
  category: "Book",
  priceCents: 1000,
  images: [],
  ageRestricted: false,
});
const testProducts = [
  item(1, "Salt Water Circuit", "Paperback"),
  item(2, "Salt Water Circuit", "eBook"),
  item(3, "Ultrasonic Instrument Cleaner 2 L", "Ultrasonic Cleaner"),
];

describe("withSlugs", () => {
  it("gives formats of one work one work key and slugs that name the format", () => {
    const [paperback, ebook, cleaner] = withSlugs(testProducts);
    expect(paperback).toMatchObject({
      work: "salt-water-circuit",
      slug: "salt-water-circuit-paperback",
    });
    expect(ebook).toMatchObject({ work: "salt-water-circuit", slug: "salt-water-circuit-ebook" });
    expect(cleaner?.slug).toBe("ultrasonic-instrument-cleaner-2-l");
  });

  it("never gives two products one slug", () => {
    const twin = { ...testProducts[0]!, id: 99 };
    const slugs = withSlugs([...testProducts, twin]).map((product) => product.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs.at(-1)).toBe("salt-water-circuit-paperback-99");
  });
});

describe("a product page's formats and related products", () => {
  const shelf = withSlugs([
    { ...item(1, "Salt Water Circuit", "Paperback"), genre: "Fiction" },
    { ...item(2, "Salt Water Circuit", "eBook"), genre: "Fiction" },
    { ...item(3, "Neural Interfaces", "Hardback"), genre: "Engineering" },
    { ...item(4, "Steersman", "Paperback"), genre: "Fiction" },
    { ...item(5, "Steersman", "eBook"), genre: "Fiction" },
    { ...item(6, "Firing Patterns", "Paperback"), genre: "Neuroscience" },
    { ...item(7, "Pronunciation Mug", "Mug"), category: "Merchandise" },
  ]);
  const [paperback] = shelf;

  it("formats are the products of one work, this one included", () => {
    expect(formatsOf(shelf, paperback!).map((product) => product.id)).toEqual([1, 2]);
  });

  it("related are other works of the category, its genre first, one format each", () => {
    expect(relatedTo(shelf, paperback!).map((product) => product.id)).toEqual([4, 3, 6]);
    expect(relatedTo(shelf, paperback!, 1).map((product) => product.id)).toEqual([4]);
  });
});
