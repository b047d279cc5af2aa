import { useId, type ComponentPropsWithRef, type ReactNode } from "react";
import styles from "./form-field.module.css";

export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  id: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/** aria-describedby names the hint and error, so assistive technology reads them with the field. */
export function FormField({ label, id, error, hint, children }: FormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface FieldProps extends ComponentPropsWithRef<"input"> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children?: ReactNode;
}

export function Field({ label, error, hint, children, id, ...input }: FieldProps) {
  const generatedId = useId();
  return (
    <FormField label={label} id={id ?? generatedId} error={error} hint={hint}>
      {(control) => (
        <div className={styles.control}>
          <input {...control} {...input} />
          {children}
        </div>
      )}
    </FormField>
  );
}

export type Feedback = { kind: "success" | "error"; text: ReactNode } | null;

export function errorFeedback(headline: ReactNode, reason?: ReactNode): Feedback {
  return {
    kind: "error",
    text: reason ? (
      <>
        {headline}
        <br />
        {reason}
      </>
    ) : (
      headline
    ),
  };
}

/** Both live regions stay in the page so a message is announced the moment it appears. */
export function FeedbackMessage({ feedback }: { feedback: Feedback }) {
  return (
    <>
      <p role="status" className={styles.success}>
        {feedback?.kind === "success" ? feedback.text : null}
      </p>
      <p role="alert" className={styles.failure}>
        {feedback?.kind === "error" ? feedback.text : null}
      </p>
    </>
  );
}
