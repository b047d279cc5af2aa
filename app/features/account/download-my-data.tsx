import { useId, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { errorFeedback, FeedbackMessage, type Feedback } from "#app/components/form-field.tsx";
import { StoredField } from "#app/components/stored-field.tsx";
import styles from "#app/components/forms.module.css";
import { accountFiles, paths } from "#app/paths.ts";
import { INTENT_FIELD } from "./account-answers.ts";

export const MY_DATA_FILE = "kybernetes-my-data.json";
/** The intent the page's clientAction fetches the file for (the server's action never sees it). */
export const DOWNLOAD_INTENT = "downloadMyData";

/** What the page's clientAction answers a download: saved, or why not. */
export type DownloadAnswer =
  | { intent: typeof DOWNLOAD_INTENT; saved: true }
  | { intent: typeof DOWNLOAD_INTENT; saved: false; status: number; reason?: string };

function feedbackOf(answer: DownloadAnswer | undefined): Feedback {
  if (!answer) return null;
  if (answer.saved) return { kind: "success", text: `Your data is saved as ${MY_DATA_FILE}.` };
  return errorFeedback("Failed to download your data.", answer.reason);
}

/**
 * "Download my data" (Privacy Act APP 12): the account, consent records, orders and contact
 * messages as one JSON file. A plain form posts the login to the file's own address, which
 * answers it as an attachment (the login never goes in an address). Once the page's script
 * runs, the page's clientAction fetches it instead, to say here when it is saved or why not.
 */
export function DownloadMyData() {
  const titleId = useId();
  const fetcher = useFetcher<DownloadAnswer>();

  function download(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (fetcher.state !== "idle") return;
    void fetcher.submit(event.currentTarget, { method: "post", action: paths.account });
  }

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>Your data</h2>
      <p>
        Download a copy of what we hold about you: your account, your mailing-list consent records,
        your orders and your messages to us, as a JSON file.
      </p>
      <form
        method="post"
        action={accountFiles.myData}
        onSubmit={download}
        aria-busy={fetcher.state !== "idle"}
      >
        <input type="hidden" name={INTENT_FIELD} value={DOWNLOAD_INTENT} />
        <StoredField stored="authToken" />
        <button type="submit" className={styles.secondary}>
          Download my data
        </button>
      </form>
      <FeedbackMessage feedback={feedbackOf(fetcher.data)} />
    </section>
  );
}
