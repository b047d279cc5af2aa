import {
  ADMIN_LIMITS,
  cancelOrderSchema,
  markDeliveredSchema,
  markPaidSchema,
  markShippedSchema,
  resetDownloadSchema,
  type AdminOrder,
} from "#core/admin/admin-schemas.ts";
import { sydneyDay } from "#core/format.ts";
import { downloadTitle } from "#core/orders/delivery.ts";
import { ORDER_STATUS_LABELS } from "#core/orders/order-status.ts";
import { Field, FormField } from "#app/components/form-field.tsx";
import { formatDay, money, sydneyToday } from "./admin-format.ts";
import styles from "./admin.module.css";
import { ConfirmedForm } from "./confirmed-form.tsx";
import { RefundForm } from "./refund-form.tsx";

export function OrderActions({ order }: { order: AdminOrder }) {
  const today = sydneyToday();
  const placedOn = sydneyDay(new Date(order.createdAt));
  if (
    !order.can.markPaid &&
    !order.can.markShipped &&
    !order.can.markDelivered &&
    !order.can.cancel
  ) {
    return (
      <p className={styles.muted}>
        Nothing more to do: the order is {ORDER_STATUS_LABELS[order.status].toLowerCase()}.
      </p>
    );
  }
  return (
    <div className={styles.backOffice}>
      {order.can.markPaid ? (
        <ConfirmedForm
          intent="mark-paid"
          title="Mark paid"
          version={order.version}
          schema={markPaidSchema}
          submitLabel="Mark paid…"
          confirm={(values) => ({
            title: `Mark ${order.number} paid?`,
            text: (
              <p>
                {money(markPaidSchema.shape.amount.parse(values.amount))} received on{" "}
                {formatDay(values.receivedOn ?? today)}. The customer is e-mailed that the payment
                arrived
                {order.lines.some((line) => line.digital)
                  ? ", with the download links of their eBooks"
                  : ""}
                .{order.shipsParcel ? "" : " With nothing to ship, the order is then delivered."}
              </p>
            ),
            confirmLabel: "Yes, mark paid",
          })}
        >
          {(errors) => (
            <>
              <h3>Mark paid</h3>
              <Field
                label="Amount received (AUD)"
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={(order.totalCents / 100).toFixed(2)}
                error={errors.amount}
                hint={`The order total is ${money(order.totalCents)}.`}
              />
              <Field
                label="Date received"
                name="receivedOn"
                type="date"
                min={placedOn}
                max={today}
                defaultValue={today}
                error={errors.receivedOn}
              />
            </>
          )}
        </ConfirmedForm>
      ) : null}

      {order.can.markShipped ? (
        <ConfirmedForm
          intent="mark-shipped"
          title="Mark shipped"
          version={order.version}
          schema={markShippedSchema}
          submitLabel="Mark shipped…"
          confirm={(values) => ({
            title: `Mark ${order.number} shipped?`,
            text: (
              <p>
                Sent with {values.carrier?.trim()}, tracking number {values.trackingNumber?.trim()}.
                The customer is e-mailed the tracking number.
              </p>
            ),
            confirmLabel: "Yes, mark shipped",
          })}
        >
          {(errors) => (
            <>
              <h3>Mark shipped</h3>
              <Field
                label="Carrier"
                name="carrier"
                autoComplete="off"
                maxLength={ADMIN_LIMITS.carrierMax}
                hint="For example Australia Post, StarTrack or Sendle."
                error={errors.carrier}
              />
              <Field
                label="Tracking number"
                name="trackingNumber"
                autoComplete="off"
                maxLength={ADMIN_LIMITS.trackingMax}
                error={errors.trackingNumber}
              />
            </>
          )}
        </ConfirmedForm>
      ) : (
        <p className={styles.muted}>
          {order.status !== "awaiting_payment"
            ? null
            : order.shipsParcel
              ? "Shipping opens once the order is paid."
              : "Nothing to ship: this order is downloads only. Marking it paid sends the links and delivers it."}
        </p>
      )}

      {order.can.markDelivered ? (
        <ConfirmedForm
          intent="mark-delivered"
          title="Mark delivered"
          version={order.version}
          schema={markDeliveredSchema}
          submitLabel="Mark delivered…"
          confirm={() => ({
            title: `Mark ${order.number} delivered?`,
            text: (
              <p>
                The parcel arrived, as the carrier's tracking or the customer says. Nothing is
                e-mailed, and the order completes itself a set number of days after shipping.
              </p>
            ),
            confirmLabel: "Yes, mark delivered",
          })}
        >
          {() => <h3>Mark delivered</h3>}
        </ConfirmedForm>
      ) : null}

      {order.can.refund ? <RefundForm order={order} /> : null}

      {order.can.cancel ? (
        <ConfirmedForm
          intent="cancel"
          title="Cancel order"
          version={order.version}
          schema={cancelOrderSchema}
          submitLabel="Cancel order…"
          destructive
          confirm={() => ({
            title: `Cancel ${order.number}?`,
            text: (
              <p>
                The items go back into stock and the customer is e-mailed your reason
                {order.status === "awaiting_payment"
                  ? ""
                  : " and told the payment will be refunded"}
                {order.downloads.length > 0 ? "; their download links stop working" : ""}. This
                cannot be undone.
              </p>
            ),
            confirmLabel: "Yes, cancel the order",
            destructive: true,
          })}
        >
          {(errors) => (
            <>
              <h3>Cancel order</h3>
              <FormField
                label="Reason (the customer reads this)"
                id="cancel-reason"
                error={errors.reason}
              >
                {(control) => (
                  <textarea
                    {...control}
                    name="reason"
                    rows={3}
                    maxLength={ADMIN_LIMITS.reasonMax}
                  />
                )}
              </FormField>
            </>
          )}
        </ConfirmedForm>
      ) : null}
    </div>
  );
}

export function OrderDownloadsPanel({ order }: { order: AdminOrder }) {
  const digital = order.lines.filter((line) => line.digital);
  if (digital.length === 0) return null;
  return (
    <section aria-labelledby="downloads-title">
      <h2 id="downloads-title">Downloads</h2>
      {order.downloads.length === 0 ? (
        <p className={styles.muted}>
          {order.status === "awaiting_payment"
            ? "The download links are sent when the order is marked paid."
            : order.status === "cancelled"
              ? "The order is cancelled: its download links no longer work."
              : "No links yet: a product has no file. Upload its EPUB or PDF on the product's screen."}
        </p>
      ) : (
        // Focusable, so a keyboard scrolls it even when no row has a button.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region
        <div className={styles.tableWrap} role="region" aria-label="Download links" tabIndex={0}>
          <table className={styles.table}>
            <caption>Download links</caption>
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Downloads</th>
                <th scope="col">Works until</th>
                <th scope="col">Reset</th>
              </tr>
            </thead>
            <tbody>
              {order.downloads.map((download) => {
                const file = downloadTitle(download);
                return (
                  <tr key={download.id}>
                    <th scope="row">{file}</th>
                    <td>
                      {download.downloads} of {download.limit}
                      {download.state === "used_up" ? " (used up)" : ""}
                    </td>
                    <td>
                      {formatDay(download.expiresAt.slice(0, 10))}
                      {download.state === "expired"
                        ? " (expired: the buyer can get a fresh link)"
                        : ""}
                    </td>
                    <td>
                      {download.downloads > 0 ? (
                        <ConfirmedForm
                          intent="reset-download"
                          title={`Reset the count of ${file}`}
                          version={order.version}
                          schema={resetDownloadSchema}
                          submitLabel="Reset count…"
                          confirm={() => ({
                            title: `Reset the downloads of ${file}?`,
                            text: (
                              <p>
                                The buyer may download it {download.limit} more times. The reset is
                                in the audit log.
                              </p>
                            ),
                            confirmLabel: "Yes, reset the count",
                          })}
                        >
                          {() => <input type="hidden" name="download" value={download.id} />}
                        </ConfirmedForm>
                      ) : (
                        <span className={styles.muted}>Not downloaded yet</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
