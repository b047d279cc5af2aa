import type { ReactNode } from "react";
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
