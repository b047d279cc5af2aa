import { describe, expect, it } from "vitest";
import { parseTerminologiesCsv, termsForLetter } from "./glossary";

const csv = `Letter,Terminology
A,"Axon: The long projection of a neuron, carrying signals away from the cell body."
b,Biohacking
Q,"Q factor: How sharply a resonant circuit responds."`;

describe("parseTerminologiesCsv", () => {
  it("splits term and definition on the first colon", () => {
    const [axon, biohacking] = parseTerminologiesCsv(csv);
    expect(axon).toEqual({
      letter: "A",
      term: "Axon",
      definition: "The long projection of a neuron, carrying signals away from the cell body.",
    });
    expect(biohacking).toEqual({ letter: "B", term: "Biohacking", definition: "" });
  });

  it("names the line of a bad letter", () => {
    expect(() => parseTerminologiesCsv("Letter,Terminology\nAB,Thing", "t.csv")).toThrow(
      't.csv line 2, column "Letter"',
    );
  });

  it("filters by letter, All showing everything", () => {
    const terms = parseTerminologiesCsv(csv);
    expect(termsForLetter(terms, null)).toHaveLength(3);
    expect(termsForLetter(terms, "q").map((term) => term.term)).toEqual(["Q factor"]);
    expect(termsForLetter(terms, "Z")).toEqual([]);
  });
});
