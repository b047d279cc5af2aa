import { Link } from "react-router";
import type { PageHit } from "#core/search/search-response.ts";
import { Highlighted } from "./highlighted.tsx";
import styles from "./page-results.module.css";

export function PageResults({ hits }: { hits: readonly PageHit[] }) {
  return (
    <ul className={styles.results}>
      {hits.map((hit) => (
        <li key={`${hit.kind}-${hit.path}-${hit.title}`}>
          <Link to={hit.path} className={styles.title}>
            <Highlighted text={hit.title} marks={hit.titleMarks} />
          </Link>
          {hit.kind === "page" ? <span className={styles.path}>{hit.path}</span> : null}
          {hit.snippet ? (
            <p className={styles.snippet}>
              <Highlighted text={hit.snippet} marks={hit.snippetMarks} />
            </p>
          ) : null}
          {hit.typo ? <p className={styles.typo}>Close match to your spelling</p> : null}
        </li>
      ))}
    </ul>
  );
}
