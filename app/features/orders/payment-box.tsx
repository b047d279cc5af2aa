import { useState } from "react";
import { formatAud, fromCents } from "#core/money/money.ts";
import type { PaymentInstructions } from "#core/orders/order.ts";
import formStyles from "#app/components/forms.module.css";
import styles from "./orders.module.css";

const payByFormat = new Intl.DateTimeFormat("en-AU", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Australia/Sydney",
});

/**
 * How to pay, first on the page and in a box of its own: buyers of bank-transfer shops most
 * often miss the reference when it sits in running text.
 */
export function PaymentBox({ payment }: { payment: PaymentInstructions }) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  return (
    <section className={styles.paymentBox} aria-labelledby="how-to-pay">
      <h2 id="how-to-pay">How to pay</h2>
      <p>Pay by bank transfer from your bank&apos;s app or website:</p>
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
      <p className={styles.reference}>
        <span>Reference: {payment.reference}</span>
        <button
          type="button"
          className={formStyles.secondary}
          onClick={() => {
            navigator.clipboard.writeText(payment.reference).then(
              () => setCopied("yes"),
              () => setCopied("no"),
            );
          }}
        >
          Copy reference
        </button>
      </p>
      <p role="status" className={styles.muted}>
        {copied === "yes"
          ? `Copied ${payment.reference}`
          : copied === "no"
            ? "Copying is blocked in this browser: please type the reference."
            : ""}
      </p>
      <p>
        Use only this reference, so we can match your payment to your order. We ship as soon as the
        money arrives. If it has not arrived by {payByFormat.format(new Date(payment.payBy))}, the
        order is cancelled.
      </p>
    </section>
  );
}
