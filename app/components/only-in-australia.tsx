import type { ReactNode } from "react";
import styles from "./only-in-australia.module.css";

/** Wraps the State field: hidden by CSS unless the form's Country is Australia, scripts or none. */
export function OnlyInAustralia({ children }: { children: ReactNode }) {
  return <div className={styles.onlyInAustralia}>{children}</div>;
}
