import { Fragment } from "react";
import { Link } from "react-router";
import {
  ALPHABET,
  lettersWithTerms,
  termsForLetter,
  type GlossaryTerm,
} from "~core/glossary/glossary";
import styles from "./glossary-view.module.css";

interface GlossaryViewProps {
  terms: readonly GlossaryTerm[];
  /** One capital letter, or null for All. */
  letter: string | null;
  /** The page's own path; "All" links back to it without a query. */
  path: string;
}

/** SPEC §2 Terminologies: All and A–Z, filtered by letter, with "All Terms" or the letter. */
export function GlossaryView({ terms, letter, path }: GlossaryViewProps) {
  const available = lettersWithTerms(terms);
  const shown = termsForLetter(terms, letter);
  const heading = letter ?? "All Terms";

  return (
    <>
      <nav aria-label="Glossary letters" className={styles.letters}>
        <ul>
          <li>
            <Link to={path} aria-current={letter === null ? "page" : undefined}>
              All
            </Link>
          </li>
          {ALPHABET.map((each) => (
            <li key={each}>
              {available.has(each) ? (
                <Link
                  to={`${path}?letter=${each}`}
                  aria-current={letter === each ? "page" : undefined}
                  preventScrollReset
                >
                  {each}
                </Link>
              ) : (
                <span role="link" aria-disabled="true" title={`No terms under ${each}`}>
                  {each}
                </span>
              )}
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="glossary-heading">
        <h2 id="glossary-heading">{heading}</h2>
        <p className={styles.count} role="status">
          {shown.length === 1 ? "1 term" : `${shown.length} terms`}
        </p>
        {shown.length === 0 ? (
          <p>There are no terms under this letter yet.</p>
        ) : (
          <dl className={styles.terms}>
            {/* No wrapper per entry: 240 entries are a large page, and every element costs. */}
            {shown.map((entry) => (
              <Fragment key={`${entry.letter}-${entry.term}`}>
                <dt>{entry.term}</dt>
                {entry.definition ? <dd>{entry.definition}</dd> : null}
              </Fragment>
            ))}
          </dl>
        )}
      </section>
    </>
  );
}

/** Shown instead of an empty page when the glossary data cannot be loaded. */
export function GlossaryUnavailable() {
  return (
    <p role="alert" className={styles.problem}>
      The glossary could not be loaded. Please check your connection and reload the page.
    </p>
  );
}
