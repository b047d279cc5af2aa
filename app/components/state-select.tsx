import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { AUSTRALIAN_STATES, findState } from "#core/australian-states.ts";
import { useKeptChoice } from "./country-select.tsx";
import styles from "./state-select.module.css";

/** For an Australian address only: shown by CSS once Australia is chosen, scripts or none. */
export function StateSelect({
  defaultValue,
  ...select
}: Omit<ComponentPropsWithoutRef<"select">, "defaultValue"> & { defaultValue: string }) {
  const chosen = findState(defaultValue) ?? "";
  const ref = useKeptChoice(chosen);
  return (
    <select {...select} ref={ref} defaultValue={chosen}>
      <option value="">Choose a state or territory</option>
      {AUSTRALIAN_STATES.map((state) => (
        <option key={state.code} value={state.code}>
          {state.name}
        </option>
      ))}
    </select>
  );
}

/** Wraps the State field: hidden unless the form's Country is Australia. */
export function OnlyInAustralia({ children }: { children: ReactNode }) {
  return <div className={styles.onlyInAustralia}>{children}</div>;
}
