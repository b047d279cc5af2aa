import { describe, expect, it } from "vitest";
import { paths } from "#app/paths.ts";
import { shopAt, shops } from "./shops.ts";

describe("the table of shops", () => {
  it("has SPEC §2's three shop screens with their filters and labels", () => {
    expect(shops.map((shop) => [shop.path, shop.category, shop.filterBy, shop.allLabel])).toEqual([
      [paths.books, "book", "genre", "All Books"],
      [paths.cyberware, "cyberware", "genre", "All Cyberware"],
      [paths.merchandise, "merchandise", "type", "All Merchandise"],
    ]);
    expect(shopAt(paths.cyberware)?.choices).toEqual([
      "Tools",
      "Sterilization",
      "Body Modification",
    ]);
  });

  it("finds a shop under any spelling of its path", () => {
    expect(shopAt("/Books")?.path).toBe(paths.books);
    expect(shopAt("/cart")).toBeUndefined();
  });
});
