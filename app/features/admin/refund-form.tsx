import { z } from "zod";
import { ADMIN_LIMITS, recordRefundSchema, type AdminOrder } from "#core/admin/admin-schemas.ts";
import { REFUND_REASON_KEYS, REFUND_REASONS } from "#core/orders/refunds.ts";
import { Field, FormField } from "#app/components/form-field.tsx";
import fieldStyles from "#app/components/form-field.module.css";
import formStyles from "#app/components/forms.module.css";
import { money } from "./admin-format.ts";
import { ConfirmedForm } from "./confirmed-form.tsx";

const QUANTITY = /^quantity-(\d+)$/;

/** The form's fields (`quantity-<position>`, checkboxes) as the API's refund. */
export const refundFormSchema = z.preprocess((raw) => {
  const values = raw as Record<string, string>;
  return {
    version: values.version,
    reason: values.reason || undefined,
    note: values.note,
    shipping: values.shipping === "yes",
    restock: values.restock === "yes",
    lines: Object.entries(values).flatMap(([name, value]) => {
      const position = QUANTITY.exec(name)?.[1];
      return position === undefined ? [] : [{ position: Number(position), quantity: value || "0" }];
    }),
  };
}, recordRefundSchema);

/** Units of each line not yet given back. */
function leftOf(order: AdminOrder, position: number, quantity: number) {
  const given = order.refunds
    .flatMap((note) => note.lines)
    .filter((line) => line.position === position)
    .reduce((sum, line) => sum + line.quantity, 0);
  return quantity - given;
}

export function RefundForm({ order }: { order: AdminOrder }) {
  const shippingRefunded = order.refunds.some((note) => note.shippingCents > 0);
  return (
    <ConfirmedForm
      intent="refund"
      title="Record a refund"
      version={order.version}
      schema={refundFormSchema}
      submitLabel="Record refund…"
      confirm={(values) => {
        const refund = refundFormSchema.parse(values);
        const items = refund.lines.reduce((sum, line) => sum + line.quantity, 0);
        return {
          title: `Refund ${order.number}?`,
          text: (
            <p>
              {items > 0 ? `${items} ${items === 1 ? "item" : "items"}` : "No items"}
              {refund.shipping ? " and the shipping" : ""}, because: {REFUND_REASONS[refund.reason]}
              .{refund.restock ? " The goods go back into stock." : ""} The customer is e-mailed an
              adjustment note; pay the money back by bank transfer yourself. This cannot be undone.
            </p>
          ),
          confirmLabel: "Yes, record the refund",
        };
      }}
    >
      {(errors) => (
        <>
          <h3>Record a refund</h3>
          <p className={fieldStyles.hint}>
            Paid {money(order.totalCents)}; refunded so far {money(order.refundedCents)}.
          </p>
          {errors.lines ? (
            <p className={fieldStyles.error} role="alert">
              {errors.lines}
            </p>
          ) : null}
          {order.lines.map((line, position) => {
            const left = leftOf(order, position, line.quantity);
            return (
              <Field
                key={`${line.productId}-${line.type}`}
                label={`${line.name} (${line.type}): items to refund`}
                name={`quantity-${position}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={left}
                defaultValue="0"
                disabled={left === 0}
                hint={left === 0 ? "Every one is refunded." : `Up to ${left} of ${line.quantity}.`}
              />
            );
          })}
          {order.shippingCents > 0 && !shippingRefunded ? (
            <div className={formStyles.checkbox}>
              <input id="refund-shipping" type="checkbox" name="shipping" value="yes" />
              <label htmlFor="refund-shipping">
                Refund the shipping ({money(order.shippingCents)})
              </label>
            </div>
          ) : null}
          <FormField label="Reason" id="refund-reason" error={errors.reason}>
            {(control) => (
              <select {...control} name="reason" defaultValue="">
                <option value="">Choose a reason</option>
                {REFUND_REASON_KEYS.map((reason) => (
                  <option key={reason} value={reason}>
                    {REFUND_REASONS[reason]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <div className={formStyles.checkbox}>
            <input id="refund-restock" type="checkbox" name="restock" value="yes" />
            <label htmlFor="refund-restock">The goods came back: put them back in stock</label>
          </div>
          <FormField label="Note for the customer (optional)" id="refund-note" error={errors.note}>
            {(control) => (
              <textarea {...control} name="note" rows={2} maxLength={ADMIN_LIMITS.reasonMax} />
            )}
          </FormField>
        </>
      )}
    </ConfirmedForm>
  );
}
