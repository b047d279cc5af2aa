import { useState } from "react";
import { formatAud, fromCents } from "#core/money/money.ts";
import type { PaymentInstructions } from "#core/orders/order.ts";
import { ExampleBankDetailsNotice } from "#app/components/example-bank-details-notice.tsx";
import formStyles from "#app/components/forms.module.css";
import styles from "./orders.module.css";

const DAY_MS = 24 * 60 * 60 * 1000;

const payByFormat = new Intl.DateTimeFormat("en-AU", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Australia/Sydney",
});

type Copied = "yes" | "no" | null;

/**
 * How to pay, first on the page and in a box of its own: buyers of bank-transfer shops most
 * often miss the reference when it sits in running text (docs/decisions/014).
 */
export function PaymentBox({
  payment,
  placedAt,
}: {
  payment: PaymentInstructions;
  /** When the order was placed (ISO time): the days to pay are counted from it. */
  placedAt: string;
}) {
  const [copied, setCopied] = useState<Copied>(null);
  const days = Math.round((Date.parse(payment.payBy) - Date.parse(placedAt)) / DAY_MS);

  function copy() {
    // navigator.clipboard is missing outside https; the reference is on screen to type.
    const writing = navigator.clipboard?.writeText(payment.reference);
    if (!writing) {
      setCopied("no");
      return;
    }
    writing.then(
      () => setCopied("yes"),
      () => setCopied("no"),
    );
  }

  return (
    <section className={styles.paymentBox} aria-labelledby="how-to-pay">
      <h2 id="how-to-pay">How to pay</h2>
      <p>Pay by bank transfer from your bank&apos;s app or website:</p>
      {payment.placeholder ? <ExampleBankDetailsNotice /> : null}
      <dl>
        <dt>Account name</dt>
        <dd>{payment.accountName}</dd>
        <dt>BSB</dt>
        <dd>{payment.bsb}</dd>
        <dt>Account number</dt>
        <dd>{payment.accountNumber}</dd>
        <dt>Amount</dt>
        <dd>{formatAud(fromCents(payment.amountCents))}</dd>
      </dl>
      <div className={styles.reference}>
        <p>Reference: {payment.reference}</p>
        <button type="button" className={formStyles.secondary} onClick={copy}>
          Copy reference
        </button>
      </div>
      <p role="status" className={styles.copied}>
        {copied === "yes"
          ? "Copied"
          : copied === "no"
            ? "Copying is not possible in this browser: please type the reference."
            : ""}
      </p>
      <p>
        Use only this reference, so we can match your payment to your order. We ship your order once
        the money arrives. Unpaid orders are cancelled after {days} {days === 1 ? "day" : "days"}:
        please pay by {payByFormat.format(new Date(payment.payBy))}.
      </p>
    </section>
  );
}
