import { useId, useState, type FormEvent } from "react";
import { Field, FeedbackMessage, type Feedback } from "#app/components/form-field.tsx";
import { useAccountFields } from "./account-fields.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { accountApi } from "./account-api.ts";
import { accountRules, checkAccountForm } from "./account-rules.ts";
import styles from "#app/components/forms.module.css";
import { PasswordField } from "#app/components/password-field.tsx";
import { isUnauthorized } from "./use-account-details.ts";

interface Props {
  token: string;
  /** Called with the fresh token the server issues after a change. */
  onUpdated: (token: string | undefined) => void;
  onUnauthorized: () => void;
}

/** SPEC §2 Account: the edit form; an empty field keeps the current value. */
export function AccountEditForm({ token, onUpdated, onUnauthorized }: Props) {
  const fields = useAccountFields();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [pending, setPending] = useState(false);
  const titleId = useId();

  function fail(errors: Record<string, string>) {
    fields.setErrors(errors);
    const hasReasons = Object.keys(errors).length > 0;
    setFeedback({
      kind: "error",
      text: (
        <>
          Failed to update account data
          {hasReasons ? (
            <>
              <br />
              {errors._ ?? "Please correct the fields marked above."}
            </>
          ) : null}
        </>
      ),
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFeedback(null);
    setPending(true);
    const checked = await checkAccountForm("updateAccountSchema", fields.values);
    if (!checked.ok) {
      fail(checked.errors);
      setPending(false);
      return;
    }
    fields.setErrors({});
    try {
      const { token: fresh } = await accountApi.updateAccount(token, checked.data);
      fields.clear();
      setFeedback({ kind: "success", text: "Account details updated" });
      onUpdated(fresh);
    } catch (error) {
      if (isUnauthorized(error)) onUnauthorized();
      else fail(error instanceof ApiError ? error.fields : {});
    } finally {
      setPending(false);
    }
  }

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>Edit account details</h2>
      <p className={styles.muted}>Fill in only what you want to change.</p>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => void submit(event)}
        onFocus={accountRules.prefetch}
        aria-busy={pending}
      >
        <Field label="New username" placeholder="Enter new username" {...fields.bind("username")} />
        <Field label="New email" placeholder="Enter new email" {...fields.bind("email")} />
        <PasswordField
          label="New password"
          placeholder="Enter new password"
          {...fields.bind("password")}
        />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary}>
            Update account
          </button>
        </div>
        <FeedbackMessage feedback={feedback} />
      </form>
    </section>
  );
}
