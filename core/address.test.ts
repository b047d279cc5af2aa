import { describe, expect, it } from "vitest";
import { addressSchema, NOT_A_COUNTRY, NOT_A_STATE, STATE_REQUIRED } from "./address.ts";
import { findState, stateOfPostcode } from "./australian-states.ts";

const sydney = {
  firstName: "Ada",
  surname: "Lovelace",
  street: "1 Analytical Way",
  city: "Sydney",
  postcode: "2000",
  country: "Australia",
};

const errorsOf = (input: object) =>
  addressSchema
    .safeParse(input)
    .error?.issues.map((issue) => [issue.path.join("."), issue.message]);

describe("an address as the server keeps it (issue 37)", () => {
  it("keeps the country's name and code and an Australian address's state, by its code", () => {
    expect(addressSchema.parse({ ...sydney, country: "au", state: "new south wales" })).toEqual({
      ...sydney,
      country: "Australia",
      countryCode: "AU",
      state: "NSW",
    });
  });

  it("takes the state from an Australian postcode when none is given, as an API client may", () => {
    expect(addressSchema.parse({ ...sydney, postcode: "3000" })).toMatchObject({ state: "VIC" });
    expect(addressSchema.parse({ ...sydney, postcode: "2600" })).toMatchObject({ state: "ACT" });
    expect(addressSchema.parse({ ...sydney, postcode: "0800" })).toMatchObject({ state: "NT" });
  });

  it("asks for the state beside its field when neither it nor the postcode says it", () => {
    expect(errorsOf({ ...sydney, postcode: "SW1A 1AA" })).toEqual([["state", STATE_REQUIRED]]);
    expect(errorsOf({ ...sydney, state: "Narnia" })).toEqual([["state", NOT_A_STATE]]);
  });

  it("keeps no state for an address elsewhere, and refuses what is not a country", () => {
    const wellington = { ...sydney, city: "Wellington", postcode: "6011", country: "NZ" };
    expect(addressSchema.parse({ ...wellington, state: "NSW" })).toEqual({
      ...wellington,
      country: "New Zealand",
      countryCode: "NZ",
    });
    expect(errorsOf({ ...sydney, country: "Narnia" })).toEqual([["country", NOT_A_COUNTRY]]);
  });
});

describe("Australian states", () => {
  it("are found by code or name, and by the ranges of Australia Post's postcodes", () => {
    expect(findState(" qld ")).toBe("QLD");
    expect(findState("Western Australia")).toBe("WA");
    expect(findState("Queensland State")).toBeUndefined();
    expect(
      ["2000", "2620", "2913", "3000", "4000", "5000", "6000", "7000", "0870", "9726"].map(
        stateOfPostcode,
      ),
    ).toEqual(["NSW", "NSW", "ACT", "VIC", "QLD", "SA", "WA", "TAS", "NT", "QLD"]);
    expect(stateOfPostcode("800")).toBe("NT");
    expect(stateOfPostcode("20")).toBeUndefined();
    expect(stateOfPostcode("12345")).toBeUndefined();
  });
});
