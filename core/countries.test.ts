import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, findCountry } from "./countries.ts";

describe("findCountry", () => {
  it("knows every ISO 3166-1 code by its code and its English name", () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    for (const code of COUNTRY_CODES) {
      const country = findCountry(code);
      expect(country?.code, code).toBe(code);
      expect(findCountry(country?.name ?? "")?.code, country?.name).toBe(code);
    }
  });

  it("reads names as people and assistants write them", () => {
    for (const [text, code] of [
      ["United States", "US"],
      ["usa", "US"],
      ["U.S.A.", "US"],
      ["United States of America", "US"],
      ["australia", "AU"],
      ["Aus", "AU"],
      ["UK", "GB"],
      ["Cote d'Ivoire", "CI"],
      ["Turkey", "TR"],
      ["Burma", "MM"],
      ["new zealand", "NZ"],
      ["Hong Kong", "HK"],
      ["Macau", "MO"],
      ["Bosnia and Herzegovina", "BA"],
      ["Trinidad and Tobago", "TT"],
      ["Saint Lucia", "LC"],
      ["St Kitts and Nevis", "KN"],
      ["Saint Vincent and the Grenadines", "VC"],
      ["Palestine", "PS"],
      ["Vatican", "VA"],
      ["The Netherlands", "NL"],
      ["the Bahamas", "BS"],
      ["East Timor", "TL"],
      ["Republic of Ireland", "IE"],
      ["Sao Tome and Principe", "ST"],
      ["Antigua & Barbuda", "AG"],
      ["North Korea", "KP"],
    ]) {
      expect(findCountry(text as string)?.code, text).toBe(code);
    }
  });

  it("finds nothing for what is not a country", () => {
    for (const text of ["", "  ", "Narnia", "E", "Europe", "123"]) {
      expect(findCountry(text), text).toBeUndefined();
    }
  });
});
