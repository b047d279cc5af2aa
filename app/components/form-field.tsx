import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import styles from "./form-field.module.css";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The message of the last check, tied to the input with aria-describedby. */
  error?: string | undefined;
  /** Controls placed after the input (a show-password toggle). */
  children?: ReactNode;
}

/** A labelled input with its error message: the one field component every form uses. */
export function Field({ label, error, children, id, ...input }: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {children}
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type Feedback = { kind: "success" | "error"; text: ReactNode } | null;

/**
 * The outcome of an action, shown next to the control that caused it. Both live regions stay
 * in the page so screen readers announce a message the moment it appears: successes politely
 * (role="status"), failures at once (role="alert").
 */
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
