import { describe, expect, it } from "vitest";
import { bestOfGroups, variantGroups } from "./variant-groups.ts";
import type { Matches } from "./text-index.ts";

const products = [
  { work: "hoodie", type: "Hoodie" },
  { work: "hoodie", type: "Hoodie" },
  { work: "hoodie", type: "Hoodie" },
  { work: "book", type: "Hardback" },
  { work: "book", type: "eBook" },
];

describe("a search's results (issue 37)", () => {
  it("group the sizes and colours of one work and format, and no other products", () => {
    expect([...variantGroups(products)]).toEqual([0, 0, 0, -1, -1]);
  });

  it("show each group's best match once, and every product alone", () => {
    const matches = {
      documents: Int32Array.from([0, 1, 2, 3, 4]),
      ranks: Uint8Array.from([5, 2, 2, 1, 1]),
    } as unknown as Matches;
    // Equal ranks: the first by title (its place in titleOrder) stands for the group.
    const titleOrder = Int32Array.from([0, 2, 1, 3, 4]);
    expect([...bestOfGroups(variantGroups(products), matches, titleOrder)]).toEqual([
      0, 0, 1, 1, 1,
    ]);
    // The size the query names stands for the group, whatever its rank.
    const askedForFirst = (document: number) => document === 0;
    expect([...bestOfGroups(variantGroups(products), matches, titleOrder, askedForFirst)]).toEqual([
      1, 0, 0, 1, 1,
    ]);
  });
});
