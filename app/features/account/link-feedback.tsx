import type { ReactNode } from "react";
import fieldStyles from "#app/components/form-field.module.css";
import styles from "#app/components/forms.module.css";

/** What the API says for `invalid_link`; the pages say it themselves, whatever the answer. */
export const INVALID_LINK =
  "This link is not valid any more: it was used already, it expired, or a newer one was sent.";

export const MISSING_LINK =
  "This page opens from a link we e-mailed you, and the link's code is missing. Open the link from the e-mail again, or copy the whole address into the browser.";

interface Props {
  /** Progress and success, announced politely. */
  status?: ReactNode;
  /** A problem, announced at once. */
  alert?: ReactNode;
}

/**
 * The two live regions of a link page. Both are in the page from the first paint, so what
 * fills them in later is announced.
 */
export function LinkFeedback({ status, alert }: Props) {
  return (
    <>
      <p role="status" className={styles.notice}>
        {status}
      </p>
      <p role="alert" className={fieldStyles.failure}>
        {alert}
      </p>
    </>
  );
}
