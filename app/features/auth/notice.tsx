import styles from "#app/components/forms.module.css";
import { useNotice } from "./use-notice.ts";

/** The message a previous page handed over, announced once this page is in place. */
export function Notice() {
  const notice = useNotice();
  return (
    <p role="status" className={styles.notice}>
      {notice}
    </p>
  );
}
