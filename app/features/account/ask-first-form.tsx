import type { FormEvent, ReactNode } from "react";
import { Form, Link, useSubmit } from "react-router";
import { StoredField } from "#app/components/stored-field.tsx";
import styles from "#app/components/forms.module.css";
import { paths } from "#app/paths.ts";
import {
  CONFIRMED_FIELD,
  INTENT_FIELD,
  isConfirm,
  type AccountAnswer,
  type LeavingIntent,
} from "./account-answers.ts";

interface Props {
  intent: LeavingIntent;
  /** The question asked before the change is made. */
  question: string;
  /** The button, and the button that confirms when the page asks instead of the browser. */
  label: string;
  confirmLabel: string;
  className: string | undefined;
  answer: AccountAnswer | undefined;
  sending: boolean;
  children?: ReactNode;
}

/**
 * A change that asks first. Once the page's script runs, the browser's dialog asks; a press
 * before that reaches the action unconfirmed, and its answer asks here, with a second button.
 */
export function AskFirstForm({
  intent,
  question,
  label,
  confirmLabel,
  className,
  answer,
  sending,
}: Props) {
  const submit = useSubmit();

  function askFirst(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || !window.confirm(question)) return;
    const form = new FormData(event.currentTarget);
    form.set(CONFIRMED_FIELD, "yes");
    void submit(form, { method: "post", action: paths.account });
  }

  if (isConfirm(answer) && answer.intent === intent) {
    return (
      <Form method="post" action={paths.account} aria-busy={sending}>
        <input type="hidden" name={INTENT_FIELD} value={intent} />
        <input type="hidden" name={CONFIRMED_FIELD} value="yes" />
        <StoredField stored="authToken" />
        <p role="alert">{question}</p>
        <div className={styles.actions}>
          <button type="submit" className={className}>
            {confirmLabel}
          </button>
          <Link to={paths.account} replace>
            Cancel
          </Link>
        </div>
      </Form>
    );
  }
  return (
    <Form method="post" action={paths.account} onSubmit={askFirst} aria-busy={sending}>
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      <StoredField stored="authToken" />
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}
