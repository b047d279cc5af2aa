import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import {
  addNoteSchema,
  cancelOrderSchema,
  markDeliveredSchema,
  markPaidSchema,
  markShippedSchema,
  resetDownloadSchema,
  type AdminOrder,
} from "#core/admin/admin-schemas.ts";
import { ORDER_STATUS_LABELS } from "#core/orders/order-status.ts";
import { fieldErrors } from "#core/validation/field-errors.ts";
import detailsStyles from "#app/components/details-list.module.css";
import { FeedbackMessage } from "#app/components/form-field.tsx";
import { formatDay, formatWhen, money } from "#app/features/admin/admin-format.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import styles from "#app/features/admin/admin.module.css";
import { AuditTable } from "#app/features/admin/audit-table.tsx";
import { useOrderAction, type OrderIntent } from "#app/features/admin/confirmed-form.tsx";
import { OrderActions, OrderDownloadsPanel } from "#app/features/admin/order-actions.tsx";
import { refundFormSchema } from "#app/features/admin/refund-form.tsx";
import { OrderNotes } from "#app/features/admin/order-notes.tsx";
import { attempt, staffApi, type ActionResult } from "#app/features/admin/staff-api.ts";
import { clearToken, currentToken } from "#app/features/auth/auth-store.ts";
import { OrderLinesTable } from "#app/features/orders/order-lines-table.tsx";
import { RefundNotes } from "#app/features/orders/refund-notes.tsx";
import { Shipment } from "#app/features/orders/shipment.tsx";
import { ShippingAddress } from "#app/features/orders/shipping-address.tsx";
import { StatusHistory } from "#app/features/orders/status-history.tsx";
import { ApiError } from "#app/lib/api-client.ts";
import { adminPaths } from "#app/paths.ts";
import type { Route } from "./+types/order";

export const meta = ({ params }: Route.MetaArgs) => adminMeta(`Order ${params.number}`);

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const api = staffApi(request, currentToken(), clearToken);
  try {
    return { order: await api.get<AdminOrder>(`/orders/${encodeURIComponent(params.number)}`) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw data(error.message, { status: 404 });
    }
    throw error;
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Loading the order…</p>;
}

const ACTIONS = {
  "mark-paid": { path: "mark-paid", schema: markPaidSchema, done: "is marked paid" },
  "mark-shipped": { path: "mark-shipped", schema: markShippedSchema, done: "is marked shipped" },
  refund: { path: "refunds", schema: refundFormSchema, done: "has a refund recorded" },
  "mark-delivered": {
    path: "mark-delivered",
    schema: markDeliveredSchema,
    done: "is marked delivered",
  },
  cancel: { path: "cancel", schema: cancelOrderSchema, done: "is cancelled" },
  note: { path: "notes", schema: addNoteSchema, done: "has a new note" },
  "reset-download": {
    path: "reset-download",
    schema: resetDownloadSchema,
    done: "has its download count reset",
  },
} as const;

/** Always reloads afterwards, so after a 409 the page shows the order as it is now. */
export async function clientAction({
  request,
  params,
}: Route.ClientActionArgs): Promise<ActionResult & { intent: OrderIntent }> {
  const api = staffApi(request, currentToken(), clearToken);
  const form = Object.fromEntries(
    [...(await request.formData()).entries()].map(([key, value]) => [key, String(value)]),
  );
  const intent = form.intent as OrderIntent;
  const action = ACTIONS[intent];
  if (!action) return { intent, ok: false, message: "Unknown action.", fields: {} };
  const parsed = action.schema.safeParse(form);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    return { intent, ok: false, message: Object.values(fields)[0] ?? "Invalid input", fields };
  }
  // A refund's fields become its lines and flags; every other form is sent as typed.
  const { intent: _intent, ...typed } = form;
  const body = intent === "refund" ? parsed.data : typed;
  const number = params.number;
  const email =
    intent === "note" || intent === "reset-download" || intent === "mark-delivered"
      ? ""
      : " The customer is being e-mailed.";
  const result = await attempt(
    () => api.send("POST", `/orders/${encodeURIComponent(number)}/${action.path}`, body),
    `Order ${number} ${action.done}.${email}`,
  );
  return { ...result, intent };
}

export default function AdminOrderPage({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const parcel = order.lines.some((line) => !line.digital);
  const fetcher = useOrderAction();
  const outcome = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <article aria-labelledby="order-title">
      <p>
        <Link to={adminPaths.orders}>← All orders</Link>
      </p>
      <h1 id="order-title">Order {order.number}</h1>
      <p>
        Status: <strong className={styles.badge}>{ORDER_STATUS_LABELS[order.status]}</strong> ·
        placed <time dateTime={order.createdAt}>{formatWhen(order.createdAt)}</time>
        {order.account ? ` by the account ${order.account}` : " as a guest"}
      </p>
      {order.largeUnpaid ? (
        <p className={styles.flagNotice}>
          <strong className={styles.flag}>Large unpaid order</strong> {order.units} items worth{" "}
          {money(order.totalCents)} are held for this buyer until{" "}
          {order.payment ? formatWhen(order.payment.payBy) : "it is paid"}. Check it looks genuine
          (a known customer, a real address) before other buyers are told these items are gone.
        </p>
      ) : null}
      <FeedbackMessage
        feedback={
          outcome ? { kind: outcome.ok ? "success" : "error", text: outcome.message } : null
        }
      />

      <div className={styles.columns}>
        <div>
          <OrderLinesTable quote={order} caption="Items" />
          <RefundNotes order={order} />

          <h2>Customer</h2>
          <dl className={detailsStyles.details}>
            <dt>E-mail</dt>
            <dd>
              <a
                href={`mailto:${order.email}?subject=${encodeURIComponent(`Your order ${order.number}`)}`}
              >
                {order.email}
              </a>
            </dd>
            <dt>{parcel ? "Ship to" : "Address, for the tax invoice"}</dt>
            <dd>
              {order.address ? (
                <ShippingAddress address={order.address} />
              ) : (
                "None: downloads only, under AUD 1,000"
              )}
            </dd>
            {order.note ? (
              <>
                <dt>Their note</dt>
                <dd className={styles.message}>{order.note}</dd>
              </>
            ) : null}
            {order.adultDeclaredAt || order.lines.some((line) => line.ageRestricted) ? (
              <>
                <dt>Age (adults only)</dt>
                <dd>
                  {order.adultDeclaredAt ? (
                    <>
                      Declared 18 or over on{" "}
                      <time dateTime={order.adultDeclaredAt}>
                        {formatWhen(order.adultDeclaredAt)}
                      </time>
                    </>
                  ) : (
                    "No declaration recorded: do not ship until the buyer's age is confirmed"
                  )}
                </dd>
              </>
            ) : null}
            <dt>Payment</dt>
            <dd>
              {order.paidAmountCents !== null && order.paidOn
                ? `${money(order.paidAmountCents)} received on ${formatDay(order.paidOn)}`
                : order.status === "awaiting_payment"
                  ? `Waiting for ${money(order.totalCents)} with the reference ${order.number}`
                  : "None recorded"}
            </dd>
            {order.shipment ? (
              <>
                <dt>Shipment</dt>
                <dd>
                  <Shipment shipment={order.shipment} />
                </dd>
              </>
            ) : null}
          </dl>

          <OrderDownloadsPanel order={order} />

          <h2>Status history</h2>
          <StatusHistory history={order.history} />
        </div>

        <div className={styles.backOffice}>
          <section className={styles.panel} aria-labelledby="actions-title">
            <h2 id="actions-title">What to do</h2>
            <OrderActions key={order.version} order={order} />
          </section>
          <section className={styles.panel} aria-labelledby="notes-title">
            <h2 id="notes-title">Internal notes</h2>
            <OrderNotes notes={order.notes} />
          </section>
        </div>
      </div>

      <h2>Audit log</h2>
      <AuditTable entries={order.audit} caption="Staff actions on this order" showRecord={false} />
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section aria-labelledby="order-error">
      <h1 id="order-error">{missing ? "Order not found" : "The order could not be shown"}</h1>
      <p>
        {missing
          ? "There is no order with this number. Check the number, or find the order in the list."
          : "The server could not be reached, or something went wrong on our side. Please reload the page."}
      </p>
      <p>
        <Link to={adminPaths.orders}>All orders</Link>
      </p>
    </section>
  );
}
