import { createHash, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { formatMoney, sydneyDay } from "#core/format.ts";
import type { OrderQuote, OrderView, PlacedOrder } from "#core/orders/order.ts";
import {
  newOrderAlertEmail,
  orderReceivedEmail,
  paymentReceivedEmail,
} from "#core/orders/order-emails.ts";
import { priceOrder } from "#core/orders/order-pricing.ts";
import {
  ADULT_DECLARATION_REQUIRED,
  type OrderCatalogueRules,
  type PlaceOrder,
  type QuoteRequest,
} from "#core/orders/order-schemas.ts";
import { addressLabel, REQUIRED_ADDRESS_FIELD_NAMES } from "#core/address-fields.ts";
import { asksBuyerAddress, BUYER_ADDRESS_FROM_CENTS } from "#core/orders/order-limits.ts";
import { siteConfig } from "#core/site-config.ts";
import type { Db, Tx } from "../db/client.ts";
import { usableDiscount, type UsableDiscount } from "../discounts/discount-codes.ts";
import { takeDiscountUse } from "../discounts/discount-uses.ts";
import { orderEvents, orderLines, orders, type OrderRow } from "../db/schema.ts";
import { enqueueMail, recipientAtLimit } from "../mail/outbox.ts";
import { checkBuyerHolds, type Buyer } from "./buyer-holds.ts";
import { claimForVerifiedOwner } from "./guest-orders.ts";
import { addressVerified, loadOrderView } from "./order-reading.ts";
import { orderRefusal, priced } from "./order-refusals.ts";
import { orderLink, type OrderService } from "./order-service.ts";
import { takeStock } from "./order-stock.ts";
import { deliverPaid, moveOrder } from "./order-transitions.ts";

const HOUR_MS = 60 * 60 * 1000;

export type PlaceAnswer = PlacedOrder & { created: boolean };

export function orderCatalogueRules({ catalogue }: OrderService): OrderCatalogueRules {
  return {
    isAgeRestricted: (productId) => catalogue().get(productId)?.ageRestricted ?? false,
    isDigital: (productId) => catalogue().get(productId)?.digital ?? false,
    priceCents: (productId) => catalogue().get(productId)?.priceCents,
  };
}

/** `guesser` (the client's address group) counts a refused code against its guesses. */
export async function quoteOrder(
  service: OrderService,
  request: QuoteRequest,
  guesser?: string,
): Promise<OrderQuote> {
  return (await quoteWithDiscount(service, request, guesser)).quote;
}

async function quoteWithDiscount(
  service: OrderService,
  request: QuoteRequest,
  guesser: string | undefined,
): Promise<{ quote: OrderQuote; discount: UsableDiscount | undefined }> {
  const discount = request.discountCode
    ? await usableDiscount(service.db, request.discountCode, guesser)
    : undefined;
  const quote = priced(() =>
    priceOrder(
      request.lines,
      service.catalogue(),
      request.address,
      siteConfig.freeShippingOverCents,
      service.limits.unitsPerProduct,
      discount?.rule,
    ),
  );
  return { quote, discount };
}

/** One transaction; a repeated idempotency key places nothing and gets the first answer. */
export async function placeOrder(
  service: OrderService,
  input: PlaceOrder,
  buyer: Buyer = {},
): Promise<PlaceAnswer> {
  // A retry of an order already placed answers it, even if the code it used is used up since.
  const requestHash = hashRequest(input, buyer.userId);
  const earlier = await findByKey(service.db, input.idempotencyKey);
  if (earlier) return replay(service, earlier, requestHash);
  const { quote, discount } = await quoteWithDiscount(
    service,
    {
      lines: input.lines,
      address: input.address ?? { postcode: "", country: "" },
      discountCode: input.discountCode,
    },
    buyer.address,
  );
  // The route's schema checks this too; here it holds whoever calls.
  if (quote.lines.some((line) => line.ageRestricted) && input.adultDeclared !== true) {
    throw orderRefusal("adult_declaration_required", ADULT_DECLARATION_REQUIRED);
  }
  if (!input.address && asksBuyerAddress(quote)) throw addressRequired();

  if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== quote.totalCents) {
    throw orderRefusal(
      "price_changed",
      "Prices changed since you opened checkout. Please check the new total and confirm again.",
    );
  }
  const placed = await service.db.transaction((tx) =>
    storeOrder(service, tx, { input, quote, discount, buyer, requestHash }),
  );
  if (placed) return { ...placed, created: true };

  const winner = await findByKey(service.db, input.idempotencyKey);
  if (!winner) throw new Error("an order with this idempotency key vanished");
  return replay(service, winner, requestHash);
}

interface NewOrder {
  input: PlaceOrder;
  quote: OrderQuote;
  discount: UsableDiscount | undefined;
  buyer: Buyer;
  requestHash: string;
}

async function storeOrder(
  service: OrderService,
  tx: Tx,
  draft: NewOrder,
): Promise<PlacedOrder | undefined> {
  const { input, quote } = draft;
  const units = quote.lines.reduce((sum, line) => sum + line.quantity, 0);
  await checkBuyerHolds(tx, service.limits, { email: input.email, units }, draft.buyer);
  // Its confirmation would not be sent: say so now rather than place it unconfirmed.
  if (await recipientAtLimit(tx, input.email)) {
    throw orderRefusal(
      "too_many_emails",
      "We have sent several e-mails to this address in the last hour, so we cannot send this order's confirmation now. Please try again in an hour, or use another e-mail address.",
    );
  }
  const order = await insertOrder(service, tx, draft, units);
  if (!order) return undefined;
  // To an address an account has proved: the account's at once (issue 39). Order rows before the
  // code's and the stock's, as cancelling takes them. Placed as a guest, its e-mails never quote
  // the words typed with it (issue 23).
  if (draft.buyer.userId === undefined) await claimForVerifiedOwner(tx, input.email);
  if (draft.discount) {
    await takeDiscountUse(tx, draft.discount, {
      orderId: order.id,
      email: input.email,
      userId: draft.buyer.userId ?? null,
    });
  }
  await takeStock(tx, quote.lines);
  await tx.insert(orderLines).values(
    quote.lines.map((line, position) => ({
      orderId: order.id,
      position,
      productId: line.productId,
      type: line.type,
      name: line.name,
      sku: line.sku,
      isbn: line.isbn,
      unitCents: line.unitCents,
      quantity: line.quantity,
      ageRestricted: line.ageRestricted,
      digital: line.digital,
      taxClass: line.taxClass,
      gstCents: line.gstCents,
      gstRemovedCents: line.gstRemovedCents,
      discountCents: line.discountCents,
    })),
  );
  await tx.insert(orderEvents).values({ orderId: order.id, status: order.status, note: null });
  return { order: await announce(service, tx, order), accessToken: order.accessToken };
}

/** A second request with the same key waits for the first to commit, then inserts nothing. */
async function insertOrder(
  service: OrderService,
  tx: Tx,
  { input, quote, buyer, requestHash }: NewOrder,
  units: number,
): Promise<OrderRow | undefined> {
  const holdMs =
    buyer.userId === undefined
      ? service.guestHoldHours * HOUR_MS
      : service.expiryDays * 24 * HOUR_MS;
  const [order] = await tx
    .insert(orders)
    .values({
      accessToken: randomBytes(24).toString("base64url"),
      idempotencyKey: input.idempotencyKey,
      requestHash,
      userId: buyer.userId ?? null,
      placedAsGuest: buyer.userId === undefined,
      email: input.email,
      // Downloads ship nothing: an address is kept only for a parcel, or for a tax invoice of
      // AUD 1,000 or more, which must name the buyer (ATO).
      address: asksBuyerAddress(quote) ? (input.address ?? null) : null,
      note: input.note ?? null,
      adultDeclaredAt: input.adultDeclared ? sql`now()` : null,
      itemsCents: quote.itemsCents,
      shippingCents: quote.shippingCents,
      freeShipping: quote.freeShipping,
      gstCents: quote.gstCents,
      shippingGstCents: quote.shippingGstCents,
      gstFreeExport: quote.gstFreeExport,
      gstRemovedCents: quote.gstRemovedCents,
      discountCode: quote.discount?.code ?? null,
      discountCents: quote.discount?.cents ?? 0,
      discountFreeShipping: quote.discount?.freeShipping ?? false,
      totalCents: quote.totalCents,
      units,
      // now() is the transaction's time, the same as created_at's.
      payBy: sql`now() + make_interval(secs => ${holdMs / 1000})`,
      placedFrom: buyer.address ?? null,
    })
    .onConflictDoNothing({ target: orders.idempotencyKey })
    .returning();
  return order;
}

async function announce(service: OrderService, tx: Tx, order: OrderRow): Promise<OrderView> {
  const verified = await addressVerified(tx, order);
  let settled = order;
  if (order.totalCents === 0) {
    const paid = await moveOrder(tx, order, "paid", "Nothing to pay", {
      paidAmountCents: 0,
      paidOn: sydneyDay(),
    });
    settled = await deliverPaid(tx, paid, service.downloads);
  }
  const view = await loadOrderView(tx, settled, service.downloads);
  const link = orderLink(service, settled);
  await enqueueMail(
    tx,
    order.totalCents === 0
      ? paymentReceivedEmail({ order: view, link, verified, amountCents: 0 })
      : orderReceivedEmail({ order: view, link, verified }),
  );
  await enqueueMail(tx, newOrderAlertEmail({ order: view, adminTo: service.shopEmail }));
  return view;
}

/** Whoever calls (the schema says so first): the ATO's buyer identity on a large invoice. */
function addressRequired() {
  return orderRefusal(
    "buyer_address_required",
    `A tax invoice of ${formatMoney(BUYER_ADDRESS_FROM_CENTS)} or more must name the buyer: please give your name and address.`,
    Object.fromEntries(
      REQUIRED_ADDRESS_FIELD_NAMES.map((name) => [
        `address.${name}`,
        `${addressLabel(name)} is required`,
      ]),
    ),
  );
}

async function findByKey(db: Db, key: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.idempotencyKey, key)).limit(1);
  return order;
}

async function replay(
  service: OrderService,
  order: OrderRow,
  requestHash: string,
): Promise<PlaceAnswer> {
  if (order.requestHash !== requestHash) {
    throw orderRefusal(
      "idempotency_conflict",
      "This checkout was already used for a different order. Please check your cart and place the order again.",
    );
  }
  const view = await loadOrderView(service.db, order, service.downloads);
  return { order: view, accessToken: order.accessToken, created: false };
}

function hashRequest(input: PlaceOrder, userId: number | undefined): string {
  const lines = [...input.lines]
    .map((line) => [line.id, line.type, line.quantity])
    .sort((a, b) => String(a).localeCompare(String(b)));
  const canonical = JSON.stringify([
    input.email.toLowerCase(),
    lines,
    input.address,
    input.note ?? "",
    userId ?? null,
    ...(input.discountCode ? [input.discountCode.toLowerCase()] : []),
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}
