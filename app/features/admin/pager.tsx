import { Link } from "react-router";
import styles from "./admin.module.css";

interface PagerProps {
  newer: string | null;
  older: string | null;
  what: string;
}

export function Pager({ newer, older, what }: PagerProps) {
  if (!newer && !older) return null;
  return (
    <nav aria-label={`Pages of ${what}`} className={styles.pager}>
      {newer ? <Link to={newer}>← Newer {what}</Link> : <span />}
      {older ? <Link to={older}>Older {what} →</Link> : null}
    </nav>
  );
}

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
