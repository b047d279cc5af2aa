import styles from "#app/components/forms.module.css";
import { useNotice } from "./use-notice.ts";

export function Notice() {
  const notice = useNotice();
  return (
    <p role="status" className={styles.notice}>
      {notice}
    </p>
  );
}
