import { useId, type ComponentPropsWithRef, type ReactNode } from "react";
import styles from "./form-field.module.css";

/** What the field's control must spread onto itself to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  /** The control's id; the hint and error ids are derived from it. */
  id: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * One form field: label, control, optional hint and error text. The control gets
 * `aria-invalid` and an `aria-describedby` naming the hint and the error, so assistive
 * technology reads the message with the field.
 *
 *   <FormField label="Email" id="email" error={errors.email}>
 *     {(control) => <input {...control} type="email" />}
 *   </FormField>
 */
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
  /** The message of the last check, tied to the input with aria-describedby. */
  error?: string | undefined;
  /** A lasting explanation under the input, also tied to it. */
  hint?: ReactNode;
  /** Controls placed after the input (a show-password toggle). */
  children?: ReactNode;
}

/** A labelled text input on top of FormField, with room for controls beside the input. */
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

/** A failure: what failed, then on its own line why, when there is something to say. */
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
