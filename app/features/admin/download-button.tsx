import { useState } from "react";
import { errorFeedback, FeedbackMessage, type Feedback } from "#app/components/form-field.tsx";
import formStyles from "#app/components/forms.module.css";
import { ApiError } from "#app/lib/api-client.ts";
import { saveFile } from "#app/lib/save-file.ts";

interface DownloadButtonProps {
  label: string;
  fetchFile: () => Promise<{ file: Blob; name: string } | undefined>;
}

export function DownloadButton({ label, fetchFile }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);

  async function download() {
    if (busy) return;
    setBusy(true);
    setFeedback(null);
    try {
      const fetched = await fetchFile();
      if (fetched) {
        saveFile(fetched.file, fetched.name);
        setFeedback({ kind: "success", text: `Saved as ${fetched.name}.` });
      }
    } catch (error) {
      setFeedback(
        errorFeedback(
          "The file could not be made.",
          error instanceof ApiError ? error.message : undefined,
        ),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={formStyles.primary}
        aria-busy={busy}
        onClick={() => void download()}
      >
        {busy ? "Preparing…" : label}
      </button>
      <FeedbackMessage feedback={feedback} />
    </>
  );
}
