import { useId } from "react";
import { Link, useSearchParams } from "react-router";
import { chosenFilter } from "#core/catalog/shop.ts";
import styles from "./filter-nav.module.css";

/** An address with a filter is rendered by the server; the prerendered page has none. */
export function useChosenFilter(param: string, choices: readonly string[]): string | null {
  const [searchParams] = useSearchParams();
  return chosenFilter(choices, searchParams.get(param));
}

export interface FilterNavProps {
  title: string;
  allLabel: string;
  param: string;
  choices: readonly string[];
  chosen: string | null;
  path: string;
}

/** SPEC §2: the left column listing All plus each choice; the choice lives in the URL. */
export function FilterNav({ title, allLabel, param, choices, chosen, path }: FilterNavProps) {
  const titleId = useId();
  const options = [
    { label: allLabel, value: null },
    ...choices.map((choice) => ({ label: choice, value: choice })),
  ];
  return (
    <nav className={styles.nav} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <ul>
        {options.map((option) => {
          const search = option.value ? `?${new URLSearchParams({ [param]: option.value })}` : "";
          return (
            <li key={option.label}>
              <Link
                to={{ pathname: path, search }}
                preventScrollReset
                aria-current={option.value === chosen ? "page" : undefined}
              >
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
