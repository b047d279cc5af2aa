import { useState } from "react";
import { formatMoney, formatTime } from "#core/format.ts";
import type { PaymentInstructions } from "#core/orders/order.ts";
import { ExampleBankDetailsNotice } from "#app/components/example-bank-details-notice.tsx";
import formStyles from "#app/components/forms.module.css";
import styles from "./orders.module.css";

const HOUR_MS = 60 * 60 * 1000;

function holdFor(ms: number): string {
  const hours = Math.round(ms / HOUR_MS);
  if (hours < 48) return `${hours} ${hours === 1 ? "hour" : "hours"}`;
  const days = Math.round(hours / 24);
  return `${days} days`;
}

type Copied = "yes" | "no" | null;

/** In a box of its own: buyers most often miss a reference in running text (decision 014). */
export function PaymentBox({
  payment,
  placedAt,
}: {
  payment: PaymentInstructions;
  placedAt: string;
}) {
  const [copied, setCopied] = useState<Copied>(null);
  const hold = holdFor(Date.parse(payment.payBy) - Date.parse(placedAt));

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
      <p>
        Pay by bank transfer{payment.payId ? " or PayID" : ""} from your bank&apos;s app or website:
      </p>
      {payment.placeholder ? <ExampleBankDetailsNotice /> : null}
      <dl>
        <dt>Account name</dt>
        <dd>{payment.accountName}</dd>
        <dt>BSB</dt>
        <dd>{payment.bsb}</dd>
        <dt>Account number</dt>
        <dd>{payment.accountNumber}</dd>
        {payment.payId ? (
          <>
            <dt>Or PayID</dt>
            <dd>{payment.payId}</dd>
          </>
        ) : null}
        <dt>Amount</dt>
        <dd>{formatMoney(payment.amountCents)}</dd>
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
        the money arrives. Unpaid orders are cancelled after {hold}: please pay by{" "}
        {/* To the minute: a guest's order is held for hours (GUEST_HOLD_HOURS), not days. */}
        {formatTime(payment.payBy, "deadlineWithZone")}.
      </p>
    </section>
  );
}
