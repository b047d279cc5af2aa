import type { AddressLists } from "./address-lists.ts";
import { AUSTRALIAN_STATES } from "./australian-states.ts";
// ISO 3166-1 alpha-2 codes, named by the runtime's CLDR data (Intl.DisplayNames).
const CODES =
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR " +
  "BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ " +
  "EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW " +
  "GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY " +
  "KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV " +
  "MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY " +
  "QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG " +
  "TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW";

export const COUNTRY_CODES: readonly string[] = CODES.split(" ");

/** Names people write that CLDR's English names are not. */
const ALIASES: Record<string, string> = {
  usa: "US",
  aus: "AU",
  unitedstatesofamerica: "US",
  uk: "GB",
  greatbritain: "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  northernireland: "GB",
  holland: "NL",
  korea: "KR",
  republicofkorea: "KR",
  turkey: "TR",
  czechrepublic: "CZ",
  ivorycoast: "CI",
  macedonia: "MK",
  swaziland: "SZ",
  burma: "MM",
  uae: "AE",
  democraticrepublicofthecongo: "CD",
  drc: "CD",
  republicofthecongo: "CG",
  palestine: "PS",
  macau: "MO",
  vatican: "VA",
  holysee: "VA",
  easttimor: "TL",
  republicofireland: "IE",
  saintvincentandthegrenadines: "VC",
  caboverde: "CV",
  federatedstatesofmicronesia: "FM",
};

export function countryKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/\bst\.?\s+/g, "saint ")
    .replace(/\bsar china\b/g, "")
    .replace(/^\s*the\s+/, "")
    .replace(/[^a-z]/g, "");
}

export interface Country {
  code: string;
  name: string;
}

let byKey: Map<string, Country> | undefined;

function countriesByKey(): Map<string, Country> {
  if (byKey) return byKey;
  const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
  const countries = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code }));
  byKey = new Map();
  for (const country of countries) {
    byKey.set(countryKey(country.code), country);
    byKey.set(countryKey(country.name), country);
    // "Myanmar (Burma)": each part of the name too.
    for (const part of country.name.split(/\s*[()-]\s*/)) {
      const key = countryKey(part);
      if (key.length > 3 && !byKey.has(key)) byKey.set(key, country);
    }
  }
  for (const [alias, code] of Object.entries(ALIASES)) {
    const country = byKey.get(countryKey(code));
    if (country) byKey.set(alias, country);
  }
  return byKey;
}

/** A country by its name or ISO code, as a person or an assistant writes it; else undefined. */
export function findCountry(text: string): Country | undefined {
  const key = countryKey(text);
  return key === "" ? undefined : countriesByKey().get(key);
}

export const HOME_COUNTRY_CODE = "AU";

/** The shipping form's list: Australia first, then the rest by name (issue 37). */
export function countryChoices(): Country[] {
  const countries = COUNTRY_CODES.map((code) => findCountry(code)).filter(
    (country): country is Country => country !== undefined,
  );
  const home = countries.filter((country) => country.code === HOME_COUNTRY_CODE);
  const rest = countries
    .filter((country) => country.code !== HOME_COUNTRY_CODE)
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  return [...home, ...rest];
}

/** The shipping form's two lists, sent by the page's loader: no names in the page's script. */
export function addressLists(): AddressLists {
  return { countries: countryChoices(), states: AUSTRALIAN_STATES };
}
