import styles from "./adults-only-label.module.css";

/** The words every place showing an age-restricted product uses (cards, cart, order lines). */
export const ADULTS_ONLY = "Adults only (18+)";

/** Marks a product sold to adults only; `as` picks a block (cards) or an inline element. */
export function AdultsOnlyLabel({ as: Element = "span" }: { as?: "p" | "span" }) {
  return <Element className={styles.label}>{ADULTS_ONLY}</Element>;
}
