import { count, eq } from "drizzle-orm";
import { returnRequestEmail } from "#core/contact/contact-emails.ts";
import type { OrderView } from "#core/orders/order.ts";
import {
  RETURN_DAYS,
  RETURN_REQUESTS_PER_ORDER,
  returnQuantityField,
  returnRequestText,
  returnWindow,
  type ReturnRequest,
} from "#core/orders/returns.ts";
import { siteConfig } from "#core/site-config.ts";
import type { Tx } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { findVisible, loadOrderView, type OrderAccess } from "./order-reading.ts";
import { orderRefusal } from "./order-refusals.ts";
import type { OrderService } from "./order-service.ts";
import { lockOrder } from "./order-transitions.ts";

const WRITE_TO_US = `If something is wrong with it, please e-mail ${siteConfig.supportEmail}: your rights under the Australian Consumer Law do not end with the policy's ${RETURN_DAYS} days.`;

/**
 * The buyer asks from the order page (issue 38 item 3): a contact message tied to the order,
 * e-mailed to the shop in the same transaction. Under the order's lock, so two presses at once
 * cannot pass the per-order cap together.
 */
export async function askForReturn(
  service: OrderService,
  number: string,
  access: OrderAccess,
  request: ReturnRequest,
  now: Date = new Date(),
): Promise<OrderView | undefined> {
  const visible = await findVisible(service.db, number, access);
  if (!visible) return undefined;
  return service.db.transaction(async (tx) => {
    const order = await lockOrder(tx, visible.id);
    if (!order) return undefined;
    const view = await loadOrderView(tx, order, service.downloads);
    checkOpen(view, now);
    checkLines(view, request);
    await checkCount(tx, order.id, view.number);
    const [stored] = await tx
      .insert(contactMessages)
      .values({ email: order.email, message: returnRequestText(view, request), orderId: order.id })
      .returning();
    if (!stored) throw new Error("the return request was not stored");
    await enqueueMail(
      tx,
      returnRequestEmail({
        email: order.email,
        orderNumber: view.number,
        text: stored.message,
        shopTo: service.shopEmail,
        messageUrl: `${service.siteUrl}/admin/messages/${stored.id}`,
        orderUrl: `${service.siteUrl}/admin/orders/${encodeURIComponent(view.number)}`,
      }),
    );
    return {
      ...view,
      returnRequest: { ...view.returnRequest, askedAt: stored.createdAt.toISOString() },
    };
  });
}

function checkOpen(view: OrderView, now: Date) {
  if (returnWindow(view, now).open) return;
  const passed = view.shipsParcel && view.history.some((event) => event.status === "delivered");
  throw orderRefusal(
    "return_closed",
    passed
      ? `The ${RETURN_DAYS} days to ask for a return of order ${view.number} have passed. ${WRITE_TO_US}`
      : `Order ${view.number} cannot take a return request: that is for a parcel on its way, or delivered in the last ${RETURN_DAYS} days. ${WRITE_TO_US}`,
  );
}

function checkLines(view: OrderView, request: ReturnRequest) {
  const fields: Record<string, string> = {};
  for (const { productId, quantity } of request.lines) {
    const sold = view.lines.find((line) => line.productId === productId && !line.digital);
    const field = returnQuantityField(productId);
    if (!sold) fields[field] = `Product ${productId} was not in the parcel of this order`;
    else if (quantity > sold.quantity) {
      fields[field] = `You ordered ${sold.quantity}: please choose at most ${sold.quantity}`;
    }
  }
  if (Object.keys(fields).length > 0) {
    throw orderRefusal("return_refused", "Please check the items you chose.", fields);
  }
}

async function checkCount(tx: Tx, orderId: number, number: string) {
  const [asked] = await tx
    .select({ count: count() })
    .from(contactMessages)
    .where(eq(contactMessages.orderId, orderId));
  if ((asked?.count ?? 0) < RETURN_REQUESTS_PER_ORDER) return;
  throw orderRefusal(
    "return_asked",
    `You have asked about order ${number} ${RETURN_REQUESTS_PER_ORDER} times already, and we reply to each by e-mail. To add anything, please e-mail ${siteConfig.supportEmail}.`,
  );
}
