import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { formatTime } from "#core/format.ts";
import type { OrderView } from "#core/orders/order.ts";
import {
  RETURN_DAYS,
  RETURN_MESSAGE_MAX_LENGTH,
  RETURN_REASONS,
  returnQuantityField,
} from "#core/orders/returns.ts";
import { siteConfig } from "#core/site-config.ts";
import { FormField } from "#app/components/form-field.tsx";
import formStyles from "#app/components/forms.module.css";
import { StoredField } from "#app/components/stored-field.tsx";
import { paths } from "#app/paths.ts";
import type { OrderAnswer } from "./order-actions.ts";
import styles from "./orders.module.css";

const FIELD_ORDER = (order: OrderView) => [
  ...order.lines.map((line) => returnQuantityField(line.productId)),
  "reason",
  "message",
];

/** A message to the shop about a parcel, within the policy's days; a plain form, so no JS is needed. */
export function ReturnRequest({
  order,
  answer,
}: {
  order: OrderView;
  answer: OrderAnswer | undefined;
}) {
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "return";
  const failure =
    answer !== undefined && "returnFailed" in answer ? answer.returnFailed : undefined;
  const asked = answer !== undefined && "returnAsked" in answer;
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLParagraphElement>(null);
  // A new answer remounts the fields: cleared once sent, refilled after a refusal.
  const [shown, setShown] = useState({ answer, round: 0 });
  if (shown.answer !== answer) setShown({ answer, round: shown.round + 1 });
  const round = shown.answer === answer ? shown.round : shown.round + 1;
  const { open, until, askedAt } = order.returnRequest;
  const parcel = order.lines.filter((line) => !line.digital);
  const values = failure?.values ?? {};
  const fields = failure?.fields ?? {};

  useEffect(() => {
    const first = failure && FIELD_ORDER(order).find((name) => failure.fields[name]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    else if (asked) thanks.current?.focus();
  }, [round, failure, asked, order]);

  if (!open && !askedAt) return null;
  return (
    <section aria-labelledby="return-title" className={formStyles.section}>
      <h2 id="return-title">{open ? "Ask for a return" : "Your return request"}</h2>
      {askedAt ? (
        <p ref={thanks} tabIndex={-1}>
          {asked ? "We have your return request. " : ""}You asked for a return on{" "}
          <time dateTime={askedAt}>{formatTime(askedAt)}</time>. We will reply by e-mail to{" "}
          {order.email}, usually within two business days, and tell you what happens next. There is
          no need to send anything back until we do.
        </p>
      ) : null}
      {open ? (
        <>
          <p>
            Something arrived faulty, damaged or not as ordered, or has not arrived at all? Tell us
            here
            {until ? (
              <>
                {" "}
                by <time dateTime={until}>{formatTime(until, "date")}</time>
              </>
            ) : null}
            : the <Link to={paths.purchaseAndRefundPolicy}>Purchase and Refund Policy</Link> asks
            for it within {RETURN_DAYS} days of delivery.{" "}
            {askedAt ? "Something to add? Send another request below." : ""}
          </p>
          <Form
            ref={form}
            method="post"
            className={formStyles.form}
            noValidate
            aria-labelledby="return-title"
            aria-busy={sending}
          >
            <StoredField stored="authToken" />
            <fieldset className={styles.fieldset}>
              <legend>Which items?</legend>
              <p id="return-items-hint" className={styles.muted}>
                Choose how many of each, or leave them at 0 and say which in your message.
              </p>
              {parcel.map((line) => {
                const name = returnQuantityField(line.productId);
                return (
                  <FormField
                    key={name}
                    label={`${line.name}${line.type ? ` (${line.type})` : ""}: ${line.quantity} ordered`}
                    id={`return-${name}`}
                    error={fields[name]}
                  >
                    {(control) => (
                      <select
                        {...control}
                        key={`${name}-${round}`}
                        name={name}
                        defaultValue={values[name] ?? "0"}
                      >
                        {Array.from({ length: line.quantity + 1 }, (_, count) => (
                          <option key={count} value={String(count)}>
                            {count}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                );
              })}
            </fieldset>
            <FormField label="Reason" id="return-reason" error={fields.reason}>
              {(control) => (
                <select
                  {...control}
                  key={`reason-${round}`}
                  name="reason"
                  required
                  defaultValue={values.reason ?? ""}
                >
                  <option value="">Choose a reason</option>
                  {Object.entries(RETURN_REASONS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField
              label="What happened?"
              id="return-message"
              error={fields.message}
              hint={`What is wrong, and anything we should know. Photos help: we ask for them when we reply. At most ${RETURN_MESSAGE_MAX_LENGTH} characters.`}
            >
              {(control) => (
                <textarea
                  {...control}
                  key={`message-${round}`}
                  name="message"
                  rows={5}
                  required
                  maxLength={RETURN_MESSAGE_MAX_LENGTH}
                  defaultValue={values.message ?? ""}
                />
              )}
            </FormField>
            <button
              type="submit"
              name="intent"
              value="return"
              className={formStyles.primary}
              disabled={sending}
            >
              {sending ? "Sending…" : "Send return request"}
            </button>
            <p role="alert" className={styles.failure}>
              {failure ? <FailureText status={failure.status} message={failure.message} /> : null}
            </p>
          </Form>
        </>
      ) : null}
    </section>
  );
}

function FailureText({ status, message }: { status: number | undefined; message?: string }) {
  if (status === 400 && !message) {
    return "Your request was not sent: please correct the fields marked above. Nothing you typed has been lost.";
  }
  if (message) return `Your request was not sent. ${message}`;
  return (
    <>
      Your request was not sent because{" "}
      {status === 0 ? "the connection failed" : "of a problem on our side"}. Nothing you typed has
      been lost. Please try again in a moment, or e-mail us at{" "}
      <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a>.
    </>
  );
}
