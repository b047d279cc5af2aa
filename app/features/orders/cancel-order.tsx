import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import formStyles from "#app/components/forms.module.css";
import { StoredField } from "#app/components/stored-field.tsx";
import { isFailure } from "#app/lib/forms.ts";
import { CANCEL_FAILED, type OrderAnswer } from "./order-actions.ts";
import styles from "./orders.module.css";

/** A second step, not a browser dialog dismissed by mistake; plain forms work before JS loads. */
export function CancelOrder({
  number,
  answer,
}: {
  number: string;
  answer: OrderAnswer | undefined;
}) {
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent");
  const working = navigation.state === "submitting" && intent === "cancel";
  const failure = isFailure(answer) ? answer : undefined;
  const confirming =
    (answer !== undefined && "confirming" in answer && answer.confirming) || failure !== undefined;
  const keep = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // Focus follows the buttons that replace the one just pressed (not on the first render).
    if (answer === undefined || "cancelled" in answer) return;
    (confirming ? keep : start).current?.focus();
  }, [answer, confirming]);

  return (
    <Form method="post" className={styles.cancel}>
      <StoredField stored="authToken" />
      {confirming ? (
        <div role="group" aria-labelledby="cancel-question">
          <p id="cancel-question">
            Cancel order {number}? The items go back on the shelf and this cannot be undone.
          </p>
          <div className={formStyles.actions}>
            <button
              type="submit"
              name="intent"
              value="cancel"
              className={formStyles.danger}
              disabled={working}
            >
              {working ? "Cancelling…" : "Yes, cancel the order"}
            </button>
            <button
              ref={keep}
              type="submit"
              name="intent"
              value="keep"
              className={formStyles.secondary}
            >
              Keep my order
            </button>
          </div>
        </div>
      ) : (
        <button
          ref={start}
          type="submit"
          name="intent"
          value="ask"
          className={formStyles.secondary}
        >
          Cancel order
        </button>
      )}
      <p role="alert" className={styles.failure}>
        {failure ? (failure.message ?? CANCEL_FAILED) : null}
      </p>
    </Form>
  );
}
