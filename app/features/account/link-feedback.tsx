import { useEffect, useRef, type ReactNode } from "react";
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
  /**
   * The answer being shown: when it changes, the focus moves to what it says (the button that
   * was pressed may be gone).
   */
  answer?: unknown;
}

/**
 * The two live regions of a link page. Both are in the page from the first paint, so what
 * fills them in later is announced.
 */
export function LinkFeedback({ status, alert, answer }: Props) {
  const statusRef = useRef<HTMLParagraphElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const hasAlert = Boolean(alert);

  useEffect(() => {
    if (answer === undefined) return;
    (hasAlert ? alertRef : statusRef).current?.focus();
  }, [answer, hasAlert]);

  return (
    <>
      <p ref={statusRef} role="status" className={styles.notice} tabIndex={-1}>
        {status}
      </p>
      <p ref={alertRef} role="alert" className={fieldStyles.failure} tabIndex={-1}>
        {alert}
      </p>
    </>
  );
}
