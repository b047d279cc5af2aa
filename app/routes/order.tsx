import { useEffect, useRef } from "react";
import {
  data,
  Form,
  Link,
  useActionData,
  useNavigation,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { formatTime } from "#core/format.ts";
import type { OrderView } from "#core/orders/order.ts";
import { ORDER_STATUS_LABELS, type OrderStatus } from "#core/orders/order-status.ts";
import { refusalOf } from "#core/pages/page-services.ts";
import formStyles from "#app/components/forms.module.css";
import { StoredField } from "#app/components/stored-field.tsx";
import { authStore } from "#app/features/auth/auth-store.ts";
import {
  accessTokenOf,
  findOrderByLink,
  loadOrderInBrowser,
} from "#app/features/orders/load-order.ts";
import { downloadNotice, OrderDownloads } from "#app/features/orders/order-downloads.tsx";
import { OrderLinesTable } from "#app/features/orders/order-lines-table.tsx";
import { OrderNotFound } from "#app/features/orders/order-not-found.tsx";
import styles from "#app/features/orders/orders.module.css";
import { PaymentBox } from "#app/features/orders/payment-box.tsx";
import { ShippingAddress } from "#app/features/orders/shipping-address.tsx";
import { StatusHistory } from "#app/features/orders/status-history.tsx";
import { isFailure, loginOf, refused, type FormFailure } from "#app/lib/forms.ts";
import { servicesContext } from "#app/load-context.ts";
import { privatePageHeaders } from "#app/lib/private-page-headers.ts";
import { interactiveReading } from "#app/lib/route-handle.ts";
import { orderPath } from "#app/paths.ts";
import type { Route } from "./+types/order";

// The buyer's own page: never indexed, never in the sitemap (it is not in `paths`).
export const meta = ({ params }: Route.MetaArgs) => [
  { title: `Order ${params.number ?? ""} | Kybernetes` },
  { name: "robots", content: "noindex" },
];

export const handle = interactiveReading("token");

export const headers = privatePageHeaders;

/** On the server: the order its link opens (`?token=`), so the page works without JavaScript. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return findOrderByLink(request, params.number, context.get(servicesContext));
}

/** In the browser: the server's order, or else the one the buyer's login opens. */
export async function clientLoader({ request, params, serverLoader }: Route.ClientLoaderArgs) {
  return loadOrderInBrowser(request, params.number, serverLoader, authStore.get());
}
clientLoader.hydrate = true as const;

export const ErrorBoundary = OrderNotFound;

/** What the page's forms answer: asking, kept, cancelled, a fresh download link, or why not. */
export type CancelAnswer =
  | { confirming: boolean }
  | { cancelled: OrderView }
  | { renewed: OrderView }
  | { renewFailed: string }
  | FormFailure;

const CANCEL_FAILED = "The order could not be cancelled. Please try again.";
const RENEW_FAILED = "A fresh link could not be made. Please try again, or contact us.";

/**
 * The cancel form: "Cancel order" asks (intent `ask`), then "Yes, cancel the order" cancels
 * (`cancel`) or "Keep my order" goes back (`keep`). With the link's token (in the address the
 * form posts to) or the login the form carries; a plain form works too.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "ask" || intent === "keep") return { confirming: intent === "ask" };
  if (intent === "renew") return renewDownload(request, params.number, form, context);
  if (intent !== "cancel") return { fields: {}, values: {}, status: 400, message: CANCEL_FAILED };
  try {
    const cancelled = await context.get(servicesContext).orders.cancel(params.number, {
      login: loginOf(form),
      token: accessTokenOf(request) ?? undefined,
    });
    if (!cancelled) return { fields: {}, values: {}, status: 404, message: CANCEL_FAILED };
    // The cancelled order itself, so the page shows it even when no reload follows the answer
    // (a press while the page was still hydrating leaves the route's first load unfinished).
    return { cancelled };
  } catch (error) {
    return refused(error, form);
  }
}

/** "Get a fresh link" for an expired download (issue 26): the same access as the order's. */
async function renewDownload(
  request: Request,
  number: string,
  form: FormData,
  context: Route.ActionArgs["context"],
) {
  const id = Number(form.get("download"));
  if (!Number.isSafeInteger(id) || id <= 0) return { renewFailed: RENEW_FAILED };
  try {
    const renewed = await context.get(servicesContext).orders.renewDownload(number, id, {
      login: loginOf(form),
      token: accessTokenOf(request) ?? undefined,
    });
    return renewed ? { renewed } : { renewFailed: RENEW_FAILED };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return data({ renewFailed: refusal.message }, { status: refusal.statusCode });
  }
}

/** In the browser, the two steps before cancelling need no round trip; the cancel does. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  if (intent === "ask" || intent === "keep") return { confirming: intent === "ask" };
  try {
    return await serverAction();
  } catch {
    return { status: 0, fields: {}, values: {}, message: CANCEL_FAILED };
  }
}

/** Only a cancel changes the order: the steps before it leave the page's data alone. */
export function shouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  return intent === "ask" || intent === "keep" ? false : defaultShouldRevalidate;
}

const NEXT_STEPS: Record<OrderStatus, string> = {
  awaiting_payment:
    "Pay by bank transfer with the reference above. Once the money reaches us (usually one to two business days after you pay), we e-mail you and pack your order.",
  paid: "Your payment has arrived. We are packing your order and will e-mail you when it ships.",
  shipped: "Your order is on its way.",
  delivered: "Your payment has arrived and your eBooks are ready to download below.",
  done: "Your order is complete. Thank you for shopping with us.",
  cancelled: "This order is cancelled. Anything you paid is refunded to the account it came from.",
};

/** What happens next, for an order of downloads only, or one with some, where that differs. */
function nextSteps(order: OrderView): string {
  const downloads = order.lines.some((line) => line.digital);
  if (!downloads) return NEXT_STEPS[order.status];
  if (order.status === "awaiting_payment") {
    return order.shipsParcel
      ? "Pay by bank transfer with the reference above. Once the money reaches us (usually one to two business days after you pay), your eBooks' download links appear below and come by e-mail, and we pack the rest of your order."
      : "Pay by bank transfer with the reference above. Once the money reaches us (usually one to two business days after you pay), your download links appear below and come by e-mail.";
  }
  if (order.status === "paid" && order.shipsParcel) {
    return "Your payment has arrived. Your eBooks are ready to download below; we are packing the rest and will e-mail you when it ships.";
  }
  return NEXT_STEPS[order.status];
}

/** An order as its buyer sees it: how to pay first, then what happens next and what was bought. */
export default function Order({ loaderData, params }: Route.ComponentProps) {
  if (!loaderData.order) return <OrderOpening number={params.number} />;
  // A new order (another link) starts afresh.
  return (
    <OrderScreen
      key={loaderData.order.number}
      order={loaderData.order}
      accessToken={loaderData.accessToken}
    />
  );
}

/**
 * An order the server could not open: its login is in this browser, for the page's script.
 * Without JavaScript, it says so and how else to open the order.
 */
function OrderOpening({ number }: { number: string }) {
  return (
    <section aria-labelledby="order-title" className={styles.order}>
      <h1 id="order-title">Order {number}</h1>
      <p role="status">Opening your order…</p>
      <p>
        Your login is kept in this browser, where only the site's JavaScript can read it. If the
        order does not open, please turn on JavaScript, or open the order from the link in your
        order e-mail.
      </p>
    </section>
  );
}

function OrderScreen({
  order: loaded,
  accessToken,
}: {
  order: OrderView;
  accessToken: string | null;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const answer = useActionData<typeof clientAction>() as CancelAnswer | undefined;
  const cancelled = answer !== undefined && "cancelled" in answer;
  const renewed = answer !== undefined && "renewed" in answer ? answer.renewed : undefined;
  const order = cancelled ? answer.cancelled : (renewed ?? loaded);
  const [search] = useSearchParams();
  const renewFailed =
    answer !== undefined && "renewFailed" in answer ? answer.renewFailed : undefined;
  const notice = renewFailed ?? downloadNotice(search.get("download"));

  useEffect(() => {
    // The cancel controls are gone: put the reader back at the top of the order.
    if (cancelled) heading.current?.focus();
  }, [cancelled]);

  return (
    <section aria-labelledby="order-title" className={styles.order}>
      <h1 id="order-title" ref={heading} tabIndex={-1}>
        Order {order.number}
      </h1>
      <p>
        Status: <strong>{ORDER_STATUS_LABELS[order.status]}</strong> · placed{" "}
        <time dateTime={order.createdAt}>{formatTime(order.createdAt)}</time>
      </p>
      <p role="status" className={styles.muted}>
        {cancelled && order.status === "cancelled" ? `Order ${order.number} is cancelled.` : ""}
      </p>
      {order.payment ? <PaymentBox payment={order.payment} placedAt={order.createdAt} /> : null}

      <h2>What happens next</h2>
      <p>{nextSteps(order)}</p>
      {order.shipment ? (
        <p>
          Sent with {order.shipment.carrier}, tracking number{" "}
          <strong>{order.shipment.trackingNumber}</strong>.
        </p>
      ) : null}
      <p>
        We send every change of this order to {order.email}. Need it for your records? Open the{" "}
        <Link to={orderPath(order.number, accessToken, true)}>Tax invoice</Link>.
      </p>

      <OrderDownloads order={order} notice={notice} />

      <OrderLinesTable quote={order} caption="What you ordered" />
      {order.adultDeclaredAt ? (
        <p>
          You declared that you are 18 or over on{" "}
          <time dateTime={order.adultDeclaredAt}>{formatTime(order.adultDeclaredAt)}</time>. Have
          any implant installed by a trained body-modification practitioner, never by yourself.
        </p>
      ) : null}

      {order.address ? (
        <>
          <h2>Shipping address</h2>
          <ShippingAddress address={order.address} />
        </>
      ) : null}
      {order.note ? (
        <>
          <h2>Your note</h2>
          <p className={styles.note}>{order.note}</p>
        </>
      ) : null}

      <h2>History</h2>
      <StatusHistory history={order.history} />

      {order.canCancel ? <CancelOrder number={order.number} answer={answer} /> : null}
    </section>
  );
}

/**
 * "Cancel order", then a second, explicit confirmation (no browser dialog to dismiss by
 * mistake): each step a press of one form, so it works before the page's JavaScript has loaded.
 */
function CancelOrder({ number, answer }: { number: string; answer: CancelAnswer | undefined }) {
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
