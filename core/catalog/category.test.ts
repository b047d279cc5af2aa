import { describe, expect, it } from "vitest";
import { categoryNamed } from "./category.ts";

describe("the category a product's text names", () => {
  it("is one of the three shops, whatever the case or spaces", () => {
    expect(categoryNamed("Book")).toBe("book");
    expect(categoryNamed(" CYBERWARE ")).toBe("cyberware");
    expect(categoryNamed("merchandise")).toBe("merchandise");
  });

  it("is none for anything else, the names every object has included", () => {
    for (const text of ["Books", "Apparel", "", "constructor", "__proto__", "toString"]) {
      expect(categoryNamed(text), text).toBeNull();
    }
  });
});
