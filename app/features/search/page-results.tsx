import { Link } from "react-router";
import type { PageHit } from "#core/search/search-response.ts";
import styles from "./page-results.module.css";

/** Page and glossary matches: the title as a link, the path, and a snippet (all plain text). */
export function PageResults({ hits }: { hits: readonly PageHit[] }) {
  return (
    <ul className={styles.results}>
      {hits.map((hit) => (
        <li key={`${hit.kind}-${hit.path}-${hit.title}`}>
          <Link to={hit.path} className={styles.title}>
            {hit.title}
            {hit.kind === "glossary" ? <span className={styles.kind}> (glossary)</span> : null}
          </Link>
          <span className={styles.path}>{hit.path}</span>
          {hit.snippet ? <p className={styles.snippet}>{hit.snippet}</p> : null}
        </li>
      ))}
    </ul>
  );
}
