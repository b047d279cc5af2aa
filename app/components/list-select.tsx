import { useEffect, useRef, type ComponentPropsWithoutRef } from "react";
import { isUnitedStates } from "#core/cart/shipping.ts";
import type { ListOption } from "#core/address-lists.ts";

interface ListSelectProps extends Omit<ComponentPropsWithoutRef<"select">, "defaultValue"> {
  /** From the page's loader (core/countries.ts addressLists), so server and browser name alike. */
  options: readonly ListOption[];
  /** The first, empty choice: "Choose a country". */
  placeholder: string;
  /** A code, or a name typed before the list (a tab's stored address): chosen when it is one. */
  defaultValue: string;
}

/** What `value` is in the list: its code, or "" for none ("usa" and the like are the USA). */
export function chosenOption(options: readonly ListOption[], value: string): string {
  const wanted = isUnitedStates(value) ? "us" : value.trim().toLowerCase();
  if (wanted === "") return "";
  const found = options.find(
    (option) => option.code.toLowerCase() === wanted || option.name.toLowerCase() === wanted,
  );
  return found?.code ?? "";
}

/** Issue 37: Country and State are lists, so "United States" is never charged as elsewhere. */
export function ListSelect({ options, placeholder, defaultValue, ...select }: ListSelectProps) {
  const chosen = chosenOption(options, defaultValue);
  const ref = useRef<HTMLSelectElement>(null);
  // What a tab kept is read after hydration (the server knows none): shown unless one is chosen.
  useEffect(() => {
    if (ref.current?.value === "" && chosen !== "") ref.current.value = chosen;
  }, [chosen]);
  return (
    <select {...select} ref={ref} defaultValue={chosen}>
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option.code} value={option.code}>
          {option.name}
        </option>
      ))}
    </select>
  );
}
