import { Fragment } from "react";
import { Link } from "react-router";
import { ALPHABET, termsForLetter, type GlossaryPageData } from "#core/glossary/glossary.ts";
import { glossaryTermAnchor } from "#core/glossary/term-path.ts";
import { dataFiles } from "#app/paths.ts";
import styles from "./glossary-view.module.css";

interface GlossaryViewProps {
  data: GlossaryPageData;
  letter: string | null;
  path: string;
}

const termCount = (count: number) => (count === 1 ? "1 term" : `${count} terms`);

/** Until the whole glossary arrives (decision 013), All shows the first terms, a letter waits. */
export function GlossaryView({ data, letter, path }: GlossaryViewProps) {
  const available = new Set(data.letters);
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
        {!data.complete && letter !== null && data.letter !== letter ? (
          data.failed ? (
            <RestUnavailable />
          ) : (
            <p className={styles.count} role="status">
              Loading terms…
            </p>
          )
        ) : (
          <TermList data={data} letter={letter} />
        )}
      </section>
    </>
  );
}

function TermList({ data, letter }: { data: GlossaryPageData; letter: string | null }) {
  const shown = termsForLetter(data.terms, letter);
  const following = data.names.length - data.terms.length;
  return (
    <>
      <p className={styles.count} role="status">
        {termCount(letter === null ? data.names.length : shown.length)}
      </p>
      {shown.length === 0 ? (
        <p>There are no terms under this letter yet.</p>
      ) : (
        <dl className={styles.terms}>
          {/* No wrapper per entry: 240 entries are a large page, and every element costs. */}
          {shown.map((entry) => (
            <Fragment key={`${entry.letter}-${entry.term}`}>
              <dt id={glossaryTermAnchor(entry.term)}>{entry.term}</dt>
              {entry.definition ? <dd>{entry.definition}</dd> : null}
            </Fragment>
          ))}
        </dl>
      )}
      {data.complete || letter !== null ? null : data.failed ? (
        <RestUnavailable />
      ) : (
        <>
          <p className={styles.more} data-awaits-script>
            The other {termCount(following)} follow as soon as the page has loaded. All{" "}
            {data.names.length} are also in the{" "}
            <a href={dataFiles.terminologies}>glossary CSV file</a>.
          </p>
          {/* Without a script the rest never arrives here: each letter's page has its terms. */}
          <noscript>
            <p className={styles.more}>
              The other {termCount(following)} are under their letters above. All{" "}
              {data.names.length} are also in the{" "}
              <a href={dataFiles.terminologies}>glossary CSV file</a>.
            </p>
          </noscript>
        </>
      )}
    </>
  );
}

function RestUnavailable() {
  return (
    <p role="alert" className={styles.problem}>
      The rest of the glossary could not be loaded. Please check your connection and reload the
      page.
    </p>
  );
}

export function GlossaryUnavailable() {
  return (
    <p role="alert" className={styles.problem}>
      The glossary could not be loaded. Please check your connection and reload the page.
    </p>
  );
}
