import { useEffect, useRef, type ComponentPropsWithoutRef } from "react";
import type { Country } from "#core/countries.ts";

interface CountrySelectProps extends Omit<ComponentPropsWithoutRef<"select">, "defaultValue"> {
  /** From the page's loader (core/countries.ts countryChoices), so server and browser name alike. */
  countries: readonly Country[];
  /** A code, or a name typed before the list (a tab's stored address): chosen when it is one. */
  defaultValue: string;
}

/** What `value` is in the list: its code, or "" for none. */
export function chosenCountry(countries: readonly Country[], value: string): string {
  const wanted = value.trim().toLowerCase();
  if (wanted === "") return "";
  const found = countries.find(
    (country) => country.code.toLowerCase() === wanted || country.name.toLowerCase() === wanted,
  );
  return found?.code ?? "";
}

/** Issue 37: a list instead of free text, so "United States" is never charged as elsewhere. */
/** What a tab kept is read after hydration (the server knows none): shown unless one is chosen. */
export function useKeptChoice(chosen: string) {
  const ref = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (ref.current?.value === "" && chosen !== "") ref.current.value = chosen;
  }, [chosen]);
  return ref;
}

export function CountrySelect({ countries, defaultValue, ...select }: CountrySelectProps) {
  const chosen = chosenCountry(countries, defaultValue);
  const ref = useKeptChoice(chosen);
  return (
    <select {...select} ref={ref} defaultValue={chosen}>
      <option value="">Choose a country</option>
      {countries.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </select>
  );
}
