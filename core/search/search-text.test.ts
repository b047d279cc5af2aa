import { describe, expect, it } from "vitest";
import { compactCode, editDistance, foldForSearch, typoBudget, wordsOf } from "./search-text.ts";

describe("search text", () => {
  it("folds case, dashes and quotes without changing the length", () => {
    expect(foldForSearch("S–XXL Don’t")).toBe("s-xxl don't");
    expect(foldForSearch("S–XXL Don’t")).toHaveLength("S–XXL Don’t".length);
  });

  it("reads words with their positions, and codes as one word", () => {
    expect(wordsOf("ntag216 glass, (implant)")).toEqual([
      { text: "ntag216", at: 0 },
      { text: "glass", at: 8 },
      { text: "implant", at: 16 },
    ]);
    expect(compactCode("978-0-6489217-0-7")).toBe("9780648921707");
    expect(compactCode("kyb-tl-001")).toBe("kybtl001");
  });

  it("forgives no typo under 4 letters, one up to 7, two from 8, none in numbers", () => {
    expect(typoBudget("ecg")).toBe(0);
    expect(typoBudget("pouch")).toBe(1);
    expect(typoBudget("implant")).toBe(1);
    expect(typoBudget("steersman")).toBe(2);
    expect(typoBudget("ntag216")).toBe(0);
  });

  it("counts a wrong, missing, extra or swapped letter as one edit", () => {
    expect(editDistance("pouch", "poach", 2)).toBe(1);
    expect(editDistance("pouch", "puch", 2)).toBe(1);
    expect(editDistance("pouch", "pouchh", 2)).toBe(1);
    expect(editDistance("pouch", "pouhc", 2)).toBe(1);
    expect(editDistance("cybrog", "cyborg", 2)).toBe(1);
    expect(editDistance("steersman", "stersmna", 2)).toBe(2);
    expect(editDistance("pouch", "zebra", 2)).toBe(3);
  });
});
