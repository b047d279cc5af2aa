import { useId, useState } from "react";
import { errorFeedback, FeedbackMessage, type Feedback } from "#app/components/form-field.tsx";
import styles from "#app/components/forms.module.css";
import { ApiError } from "#app/lib/api-client.ts";
import { saveFile } from "#app/lib/save-file.ts";
import { accountApi } from "./account-api.ts";
import { isUnauthorized } from "./use-account-details.ts";

export const MY_DATA_FILE = "kybernetes-my-data.json";

interface Props {
  token: string;
  onUnauthorized: () => void;
}

/**
 * "Download my data" (Privacy Act APP 12): the account, consent records, orders and contact
 * messages as one JSON file. Fetched with the bearer token, so it cannot be a plain link.
 */
export function DownloadMyData({ token, onUnauthorized }: Props) {
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  async function download() {
    if (busy) return;
    setFeedback(null);
    setBusy(true);
    try {
      saveFile(await accountApi.downloadAccountData(token), MY_DATA_FILE);
      setFeedback({ kind: "success", text: `Your data is saved as ${MY_DATA_FILE}.` });
    } catch (error) {
      if (isUnauthorized(error)) onUnauthorized();
      else {
        setFeedback(
          errorFeedback(
            "Failed to download your data.",
            error instanceof ApiError && (error.status === 0 || error.status === 429)
              ? error.message
              : undefined,
          ),
        );
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>Your data</h2>
      <p>
        Download a copy of what we hold about you: your account, your mailing-list consent records,
        your orders and your messages to us, as a JSON file.
      </p>
      <button type="button" className={styles.secondary} onClick={() => void download()}>
        Download my data
      </button>
      <FeedbackMessage feedback={feedback} />
    </section>
  );
}
