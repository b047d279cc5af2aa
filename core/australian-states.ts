// Australia Post addresses carry the state or territory (issue 37): its code, such as NSW.
export const AUSTRALIAN_STATES = [
  { code: "ACT", name: "Australian Capital Territory" },
  { code: "NSW", name: "New South Wales" },
  { code: "NT", name: "Northern Territory" },
  { code: "QLD", name: "Queensland" },
  { code: "SA", name: "South Australia" },
  { code: "TAS", name: "Tasmania" },
  { code: "VIC", name: "Victoria" },
  { code: "WA", name: "Western Australia" },
] as const;

export type AustralianState = (typeof AUSTRALIAN_STATES)[number]["code"];

/** Australia Post's postcode ranges; the first that holds a postcode names its state. */
const POSTCODE_RANGES: readonly [number, number, AustralianState][] = [
  [200, 299, "ACT"],
  [2600, 2618, "ACT"],
  [2900, 2920, "ACT"],
  [800, 999, "NT"],
  [1000, 2999, "NSW"],
  [3000, 3999, "VIC"],
  [8000, 8999, "VIC"],
  [4000, 4999, "QLD"],
  [9000, 9999, "QLD"],
  [5000, 5999, "SA"],
  [6000, 6999, "WA"],
  [7000, 7999, "TAS"],
];

/** The state an Australian postcode belongs to, for an address that left it out. */
export function stateOfPostcode(postcode: string): AustralianState | undefined {
  const digits = postcode.trim().padStart(4, "0");
  if (!/^\d{4}$/.test(digits)) return undefined;
  const number = Number(digits);
  return POSTCODE_RANGES.find(([from, to]) => number >= from && number <= to)?.[2];
}

export function findState(text: string): AustralianState | undefined {
  const wanted = text.trim().toLowerCase();
  return AUSTRALIAN_STATES.find(
    (state) => state.code.toLowerCase() === wanted || state.name.toLowerCase() === wanted,
  )?.code;
}
