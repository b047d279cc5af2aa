import { useEffect, useRef, useState, type FormEvent } from "react";
import { ADMIN_LIMITS, addNoteSchema, type AdminOrder } from "#core/admin/admin-schemas.ts";
import { fieldErrors } from "#core/validation/field-errors.ts";
import { FormField } from "#app/components/form-field.tsx";
import formStyles from "#app/components/forms.module.css";
import { formatWhen } from "./admin-format.ts";
import styles from "./admin.module.css";
import { useOrderAction } from "./confirmed-form.tsx";

/** Staff's notes on the order (never shown to the customer), and a form to add one. */
export function OrderNotes({ notes }: { notes: AdminOrder["notes"] }) {
  const fetcher = useOrderAction();
  const form = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | undefined>();
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "note";
  const result = fetcher.data?.intent === "note" ? fetcher.data : undefined;

  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) form.current?.reset();
  }, [fetcher.state, result]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = addNoteSchema.safeParse({ text: String(data.get("text") ?? "") });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).text);
      return;
    }
    setError(undefined);
    void fetcher.submit(data, { method: "post" });
  }

  return (
    <>
      {notes.length === 0 ? (
        <p className={styles.muted}>No notes yet.</p>
      ) : (
        <ol className={styles.backOffice}>
          {notes.map((note) => (
            <li key={`${note.at}-${note.author}`}>
              <p className={styles.message}>{note.text}</p>
              <p className={styles.muted}>
                {note.author}, <time dateTime={note.at}>{formatWhen(note.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <form ref={form} method="post" noValidate onSubmit={submit} aria-label="Add a note">
        <input type="hidden" name="intent" value="note" />
        <FormField
          label="New note"
          id="order-note"
          error={error ?? (result && !result.ok ? result.fields.text : undefined)}
          hint="Only staff see notes."
        >
          {(control) => (
            <textarea {...control} name="text" rows={3} maxLength={ADMIN_LIMITS.noteMax} />
          )}
        </FormField>
        <button type="submit" className={formStyles.secondary} disabled={busy}>
          {busy ? "Adding…" : "Add note"}
        </button>
      </form>
    </>
  );
}
