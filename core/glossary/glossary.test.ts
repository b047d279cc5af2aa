import { describe, expect, it } from "vitest";
import {
  glossaryLetterData,
  glossaryPageData,
  lettersWithTerms,
  normaliseLetter,
  termsForLetter,
} from "./glossary.ts";
import { parseTerminologiesCsv } from "./parse-terminologies.ts";

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
});

describe("glossary filtering", () => {
  const terms = parseTerminologiesCsv(csv);

  it("filters by letter, All showing everything", () => {
    expect(termsForLetter(terms, null)).toHaveLength(3);
    expect(termsForLetter(terms, "q").map((term) => term.term)).toEqual(["Q factor"]);
    expect(termsForLetter(terms, "Z")).toEqual([]);
  });

  it("reads ?letter= as one capital letter, anything else as All", () => {
    expect(normaliseLetter("b")).toBe("B");
    expect(normaliseLetter(" Q ")).toBe("Q");
    expect(normaliseLetter("AB")).toBeNull();
    expect(normaliseLetter("7")).toBeNull();
    expect(normaliseLetter(null)).toBeNull();
  });

  it("lists the letters that have terms", () => {
    expect([...lettersWithTerms(terms)].sort()).toEqual(["A", "B", "Q"]);
  });
});

describe("glossaryPageData", () => {
  const terms = parseTerminologiesCsv(csv);

  it("keeps the first terms and still describes the whole glossary", () => {
    const data = glossaryPageData(terms, 2);
    expect(data.terms.map((term) => term.term)).toEqual(["Axon", "Biohacking"]);
    expect(data.names).toEqual(["Axon", "Biohacking", "Q factor"]);
    expect(data.letters).toEqual(["A", "B", "Q"]);
    expect(data.complete).toBe(false);
  });

  it("is complete when nothing was left out", () => {
    expect(glossaryPageData(terms).complete).toBe(true);
    expect(glossaryPageData(terms, 3)).toMatchObject({ complete: true, terms });
  });
});

describe("glossaryLetterData", () => {
  const terms = parseTerminologiesCsv(csv);

  it("holds every term under the letter, and facts about the whole glossary", () => {
    const data = glossaryLetterData(terms, "B");
    expect(data.terms.map((term) => term.term)).toEqual(["Biohacking"]);
    expect(data.letter).toBe("B");
    expect(data.names).toEqual(["Axon", "Biohacking", "Q factor"]);
    expect(data.letters).toEqual(["A", "B", "Q"]);
    expect(data.complete).toBe(false);
  });

  it("holds nothing for a letter without terms", () => {
    expect(glossaryLetterData(terms, "Z").terms).toEqual([]);
  });
});
