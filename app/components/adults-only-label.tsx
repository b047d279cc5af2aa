import styles from "./adults-only-label.module.css";

export const ADULTS_ONLY = "Adults only (18+)";

export function AdultsOnlyLabel({ as: Element = "span" }: { as?: "p" | "span" }) {
  return <Element className={styles.label}>{ADULTS_ONLY}</Element>;
}
