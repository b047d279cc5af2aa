import { Link } from "react-router";
import styles from "./admin.module.css";

interface PagerProps {
  /** The address of the newer and older pages, or null where there is none. */
  newer: string | null;
  older: string | null;
  what: string;
}

/** "Newer …" and "Older …" links between the pages of a list. */
export function Pager({ newer, older, what }: PagerProps) {
  if (!newer && !older) return null;
  return (
    <nav aria-label={`Pages of ${what}`} className={styles.pager}>
      {newer ? <Link to={newer}>← Newer {what}</Link> : <span />}
      {older ? <Link to={older}>Older {what} →</Link> : null}
    </nav>
  );
}

/** The list's address with `before`/`after` set to a cursor (and the other one removed). */
export function pageLink(
  location: { pathname: string; search: string },
  direction: "before" | "after",
  cursor: number | null,
): string | null {
  if (cursor === null) return null;
  const params = new URLSearchParams(location.search);
  params.delete("before");
  params.delete("after");
  params.set(direction, String(cursor));
  return `${location.pathname}?${params}`;
}
