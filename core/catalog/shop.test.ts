import { describe, expect, it } from "vitest";
import {
  chosenFilter,
  distinctValues,
  filterProducts,
  productImageAlt,
  productsInCategory,
} from "./shop.ts";

const products = [
  { id: 1, name: "A", category: "Book", type: "Paperback", genre: "Neuroscience", images: [] },
  { id: 2, name: "B", category: "book", type: "eBook", genre: "Science Fiction", images: [] },
  { id: 3, name: "C", category: "BOOK", type: "Hardback", genre: "neuroscience", images: [] },
  { id: 4, name: "D", category: "Cyberware", type: "Forceps", genre: "Tools", images: [] },
  { id: 5, name: "E", category: "Merchandise", type: "Mug", genre: undefined, images: [] },
  { id: 6, name: "F", category: "Bookmark", type: "Card", genre: "Neuroscience", images: [] },
];

describe("shop filters", () => {
  it("keeps a category regardless of case, and nothing that merely starts with it", () => {
    expect(productsInCategory(products, "book").map((p) => p.id)).toEqual([1, 2, 3]);
    expect(productsInCategory(products, "merchandise").map((p) => p.id)).toEqual([5]);
  });

  it("lists each distinct value once, in catalogue order, skipping empty ones", () => {
    const books = productsInCategory(products, "book");
    expect(distinctValues(books, "genre")).toEqual(["Neuroscience", "Science Fiction"]);
    expect(distinctValues(products, "genre")).toHaveLength(3);
  });

  it("reads the URL's choice case-insensitively and treats anything unknown as All", () => {
    const genres = ["Neuroscience", "Science Fiction"];
    expect(chosenFilter(genres, "science fiction")).toBe("Science Fiction");
    expect(chosenFilter(genres, "Cooking")).toBeNull();
    expect(chosenFilter(genres, "")).toBeNull();
    expect(chosenFilter(genres, null)).toBeNull();
  });

  it("filters on a field, any case, and All keeps everything", () => {
    expect(filterProducts(products, "genre", "Neuroscience").map((p) => p.id)).toEqual([1, 3, 6]);
    expect(filterProducts(products, "genre", null)).toHaveLength(products.length);
    expect(filterProducts(products, "type", "mug").map((p) => p.id)).toEqual([5]);
  });
});

describe("productImageAlt", () => {
  it("describes a book cover with its edition", () => {
    expect(
      productImageAlt(
        { name: "Steersman", type: "Paperback", category: "Book", images: ["/s.svg"] },
        0,
      ),
    ).toBe("Cover of Steersman, paperback edition");
  });

  it("names the view shown by front and back pictures", () => {
    const shirt = {
      name: "Logo T-Shirt",
      type: "T-Shirt",
      category: "Merchandise",
      images: ["/shirt-front.svg", "/shirt-back.svg"],
    };
    expect(productImageAlt(shirt, 0)).toBe("Logo T-Shirt, front view");
    expect(productImageAlt(shirt, 1)).toBe("Logo T-Shirt, back view");
  });

  it("numbers other pictures when there are several", () => {
    const tote = {
      name: "Tote",
      type: "Bag",
      category: "Merchandise",
      images: ["/a.svg", "/b.svg"],
    };
    expect(productImageAlt(tote, 1)).toBe("Tote, picture 2 of 2");
    expect(productImageAlt({ ...tote, images: ["/a.svg"] }, 0)).toBe("Tote");
  });
});
