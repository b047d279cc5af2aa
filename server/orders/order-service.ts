import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { ShopProduct } from "#core/catalog/shop-product.ts";
import type { OrderSummary, OrderView, PlacedOrder } from "#core/orders/order.ts";
import { formatOrderNumber, parseOrderNumber } from "#core/orders/order-number.ts";
import { OrderRefusedError, priceOrder } from "#core/orders/order-pricing.ts";
import {
  ADULT_DECLARATION_REQUIRED,
  type PlaceOrder,
  type QuoteRequest,
} from "#core/orders/order-schemas.ts";
import {
  canMoveOrder,
  type CancelReason,
  type OrderStatus,
  ORDER_STATUS_LABELS,
} from "#core/orders/order-status.ts";
import {
  newOrderAlertEmail,
  orderCancelledEmail,
  orderReceivedEmail,
  orderShippedEmail,
  paymentReceivedEmail,
} from "#core/orders/order-emails.ts";
import { formatDay, formatMoney, sydneyDay } from "#core/format.ts";
import { siteConfig } from "#core/site-config.ts";
import { emailKey } from "#core/validation/email.ts";
import type { AuditAction } from "#core/admin/audit-actions.ts";
import type { MailMessage } from "#core/mail/compose-mail.ts";
import { recordAudit, type Actor } from "../admin/audit-log.ts";
import { markCatalogueChanged } from "../catalog/catalogue-store.ts";
import type { Db, Tx } from "../db/client.ts";
import {
  orderDownloads,
  orderEvents,
  orderLines,
  orders,
  products,
  productStock,
  users,
  type OrderRow,
} from "../db/schema.ts";
import { enqueueMail, recipientAtLimit } from "../mail/outbox.ts";
import {
  DEFAULT_DOWNLOAD_RULES,
  downloadLinks,
  downloadRowsOf,
  downloadsOpen,
  issueDownloads,
  renewDownload,
  resetDownloadCount,
  type DownloadRules,
} from "./order-downloads.ts";
import { orderSummary, orderView } from "./order-views.ts";

export type { Tx } from "../db/client.ts";

/** Refusals the API answers with 409: the request was fine, the order's state says no. */
export class OrderConflictError extends Error {
  override name = "OrderConflictError";
  constructor(
    readonly code:
      | "price_changed"
      | "idempotency_conflict"
      | "status_changed"
      | "cannot_cancel"
      | "version_conflict"
      | "downloads_closed",
    message: string,
  ) {
    super(message);
  }
}

/**
 * A cap on what one buyer may hold unpaid (issue 23); the API answers 429: the buyer may
 * order again once earlier orders are paid or cancelled.
 */
export class BuyerLimitError extends Error {
  override name = "BuyerLimitError";
  constructor(
    readonly code:
      | "too_many_unpaid_orders"
      | "too_many_unpaid_orders_from_network"
      | "too_many_unpaid_units"
      | "too_many_emails",
    message: string,
  ) {
    super(message);
  }
}

/** A staff entry the order refuses: the request is well formed, but wrong for this order. */
export class PaymentRefusedError extends Error {
  override name = "PaymentRefusedError";
  constructor(
    readonly field: "amount" | "receivedOn",
    message: string,
  ) {
    super(message);
  }
}

/**
 * A change made by staff (the back office, or `npm run staff`): refused when the order changed
 * since they saw it (optimistic concurrency on `orders.version`), and written to the audit log
 * with the change and who made it.
 */
export interface StaffChange {
  expectedVersion: number;
  actor: Actor;
}

/** What staff record when the money arrives. */
export interface PaymentReceived {
  amountCents: number;
  /** The day it reached the account, YYYY-MM-DD. */
  receivedOn: string;
}

/**
 * What one buyer may hold (issue 23): caps that keep a single anonymous request, or a script
 * placing orders it never means to pay, from emptying the shelves for everyone else.
 */
export interface HoldLimits {
  /** Units of one product per order (MAX_UNITS_PER_PRODUCT). */
  unitsPerProduct: number;
  /** Unpaid orders one e-mail address or account may hold at once. */
  unpaidOrdersPerBuyer: number;
  /** Units those unpaid orders may hold together. */
  unpaidUnitsPerBuyer: number;
  /**
   * Unpaid orders from one client address group, whoever placed them: higher than a buyer's,
   * since a household, an office or a mobile carrier puts many buyers behind one address.
   */
  unpaidOrdersPerNetwork: number;
}

export const DEFAULT_HOLD_LIMITS: HoldLimits = {
  unitsPerProduct: 5,
  unpaidOrdersPerBuyer: 3,
  unpaidUnitsPerBuyer: 20,
  unpaidOrdersPerNetwork: 10,
};

/** Under this many left, one order may take at most half of them (but always one). */
export const SCARCE_STOCK = 10;

export interface OrderServiceOptions {
  /** The products for sale now, by id (the live catalogue's; a change applies at once). */
  catalogue: () => ReadonlyMap<number, ShopProduct>;
  /** The site's public address, for the order link in e-mails. */
  siteUrl: string;
  /** Receives the new-order alert. */
  shopEmail: string;
  /** A signed-in buyer's unpaid order is cancelled after this many days (ORDER_EXPIRY_DAYS). */
  expiryDays: number;
  /** A guest's unpaid order is cancelled after this many hours (GUEST_HOLD_HOURS). */
  guestHoldHours: number;
  limits?: HoldLimits;
  /** How long download links work and how often (DOWNLOAD_LINK_DAYS, DOWNLOAD_LIMIT). */
  downloads?: DownloadRules;
}

/** Who places an order: their account, if signed in, and their client's address group. */
export interface Buyer {
  userId?: number | undefined;
  /** addressGroup() of the client: an IPv4 address or an IPv6 /64. */
  address?: string | undefined;
}

/** Who asks for an order: its account, or whoever holds the link's token. */
export interface OrderAccess {
  userId?: number | undefined;
  token?: string | undefined;
}

export type OrderService = ReturnType<typeof createOrderService>;

const money = formatMoney;
const HOUR_MS = 60 * 60 * 1000;

export function createOrderService(db: Db, options: OrderServiceOptions) {
  const { catalogue: forSale } = options;
  const freeOverCents = siteConfig.freeShippingOverCents;
  const limits = options.limits ?? DEFAULT_HOLD_LIMITS;
  const downloadRules = options.downloads ?? DEFAULT_DOWNLOAD_RULES;

  const link = (order: Pick<OrderRow, "number" | "accessToken">) =>
    `${options.siteUrl}/orders/${formatOrderNumber(order.number)}?token=${order.accessToken}`;

  async function loadView(executor: Db | Tx, order: OrderRow): Promise<OrderView> {
    const [lines, events, downloads] = await Promise.all([
      executor.select().from(orderLines).where(eq(orderLines.orderId, order.id)),
      executor
        .select({ status: orderEvents.status, note: orderEvents.note, at: orderEvents.at })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order.id))
        .orderBy(asc(orderEvents.id)),
      downloadsOpen(order) ? downloadRowsOf(executor, order.id) : [],
    ]);
    return orderView(order, lines, events, downloadLinks(order, lines, downloads, downloadRules));
  }

  /** Whether any line of the order is a physical product (a parcel to ship). */
  async function shipsParcel(executor: Db | Tx, orderId: number): Promise<boolean> {
    const [parcel] = await executor
      .select({ productId: orderLines.productId })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.digital, false)))
      .limit(1);
    return parcel !== undefined;
  }

  /**
   * The order is paid: its download links are made, and an order of downloads only is then
   * delivered (there is nothing to ship). Returns the order as it ends up.
   */
  async function deliverPaid(tx: Tx, paid: OrderRow): Promise<OrderRow> {
    const links = await issueDownloads(tx, paid.id, downloadRules);
    if (await shipsParcel(tx, paid.id)) return paid;
    return moveOrder(
      tx,
      paid,
      "delivered",
      links > 0
        ? "Download links sent"
        : "Nothing to ship: the download links follow once the files are ready",
    );
  }

  async function findByKey(key: string) {
    const [order] = await db.select().from(orders).where(eq(orders.idempotencyKey, key)).limit(1);
    return order;
  }

  /** The earlier order under the same key, or a conflict when the key came with another cart. */
  async function replay(order: OrderRow, requestHash: string): Promise<PlacedOrder> {
    if (order.requestHash !== requestHash) {
      throw new OrderConflictError(
        "idempotency_conflict",
        "This checkout was already used for a different order. Please check your cart and place the order again.",
      );
    }
    return { order: await loadView(db, order), accessToken: order.accessToken };
  }

  /**
   * Takes the units of every counted product, in product order so two orders never wait on
   * each other's rows. The row lock makes concurrent orders queue: nothing is oversold.
   */
  async function takeStock(
    tx: Tx,
    lines: readonly { productId: number; quantity: number; name: string }[],
  ) {
    let soldOut = false;
    for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
      const taken = await tx
        .update(productStock)
        .set({
          available: sql`${productStock.available} - ${line.quantity}`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(productStock.productId, line.productId),
            sql`${productStock.available} >= ${line.quantity}`,
            // Checked on the locked row, so concurrent orders see each other's takings.
            sql`(${productStock.available} >= ${SCARCE_STOCK} or ${line.quantity} <= greatest(1, ${productStock.available} / 2))`,
          ),
        )
        .returning({ available: productStock.available });
      if (taken.length > 0) {
        if (taken[0]?.available === 0) soldOut = true;
        continue;
      }
      const [counted] = await tx
        .select({ available: productStock.available })
        .from(productStock)
        .where(eq(productStock.productId, line.productId));
      if (!counted) continue; // not counted (eBooks): always available
      const left = counted.available;
      if (left === 0) {
        throw new OrderRefusedError(
          "out_of_stock",
          `${line.name} is out of stock. Please remove it from your cart.`,
        );
      }
      const share = left < SCARCE_STOCK ? Math.max(1, Math.floor(left / 2)) : left;
      throw new OrderRefusedError(
        "out_of_stock",
        share < left && line.quantity <= left
          ? `Only ${left} of ${line.name} left, so one order may take at most ${share} and others can have one too. Please lower the quantity to ${share}.`
          : `Only ${left} of ${line.name} left. Please lower the quantity to ${Math.min(left, share)} or fewer.`,
      );
    }
    // The last unit sold: pages kept per catalogue version say it is out of stock.
    if (soldOut) await markCatalogueChanged(tx);
  }

  async function returnStock(tx: Tx, orderId: number) {
    const lines = await tx
      .select({ productId: orderLines.productId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.productId));
    let backInStock = false;
    for (const line of lines) {
      const [returned] = await tx
        .update(productStock)
        .set({
          available: sql`${productStock.available} + ${line.quantity}`,
          updatedAt: sql`now()`,
        })
        .where(eq(productStock.productId, line.productId))
        .returning({ available: productStock.available });
      if (returned?.available === line.quantity) backInStock = true;
    }
    // A sold-out product has units again: pages kept per catalogue version say so.
    if (backInStock) await markCatalogueChanged(tx);
  }

  /**
   * Whether the order's address is its account's, verified by its owner: only then may an
   * e-mail quote the buyer's own words, such as their first name (issue 23).
   */
  async function addressVerified(
    executor: Db | Tx,
    order: Pick<OrderRow, "userId" | "email">,
  ): Promise<boolean> {
    if (order.userId === null) return false;
    const [owner] = await executor
      .select({ emailKey: users.emailKey, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, order.userId));
    return (
      owner !== undefined && owner.verifiedAt !== null && owner.emailKey === emailKey(order.email)
    );
  }

  /** Locks an order for a change; undefined when there is none with that id. */
  async function lockOrder(tx: Tx, id: number) {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
    return order;
  }

  /**
   * What the buyer already holds unpaid, and what their client address group holds, counted
   * after locking the buyer (their e-mail address, account and client address) for this
   * transaction, so two orders placed at once by one buyer are counted one after the other.
   * The buyer's own orders (same e-mail address or account) meet the buyer's caps; orders from
   * the same address group, whoever placed them, meet the higher network cap: many buyers can
   * share one address, and none of them is told they hold orders they do not (issue 34).
   * Throws when one more order would pass a cap.
   */
  async function checkBuyerHolds(tx: Tx, email: string, buyer: Buyer, units: number) {
    const keys = [
      `email:${emailKey(email)}`,
      ...(buyer.userId !== undefined ? [`user:${buyer.userId}`] : []),
      ...(buyer.address ? [`address:${buyer.address}`] : []),
    ].sort();
    for (const key of keys) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`order-buyer:${key}`}, 0))`,
      );
    }
    const own = or(
      sql`lower(${orders.email}) = ${email.toLowerCase()}`,
      buyer.userId !== undefined ? eq(orders.userId, buyer.userId) : undefined,
    );
    const network = buyer.address ? eq(orders.placedFrom, buyer.address) : sql`false`;
    const [held] = await tx
      .select({
        orders: sql<number>`count(*) filter (where ${own})::int`,
        units: sql<number>`coalesce(sum(${orders.units}) filter (where ${own}), 0)::int`,
        network: sql<number>`count(*) filter (where ${network})::int`,
      })
      .from(orders)
      .where(and(eq(orders.status, "awaiting_payment"), or(own, network)));
    const holding = held ?? { orders: 0, units: 0, network: 0 };
    if (holding.orders >= limits.unpaidOrdersPerBuyer) {
      throw new BuyerLimitError(
        "too_many_unpaid_orders",
        `You already have ${holding.orders} orders waiting for payment. Please pay for them or cancel one (the links are in your order e-mails) before placing another, or contact us about a larger order.`,
      );
    }
    if (holding.network >= limits.unpaidOrdersPerNetwork) {
      throw new BuyerLimitError(
        "too_many_unpaid_orders_from_network",
        `Several unpaid orders have come from your network recently (an office, a household or a mobile carrier can share one internet address), so we cannot take another from it just now. If some of them are yours, please pay for or cancel one (the links are in your order e-mails); otherwise please try again later, or contact us at ${siteConfig.supportEmail} and we will help you order.`,
      );
    }
    if (holding.units + units > limits.unpaidUnitsPerBuyer) {
      throw new BuyerLimitError(
        "too_many_unpaid_units",
        holding.units === 0
          ? `One order may hold at most ${limits.unpaidUnitsPerBuyer} items until it is paid. Please split your order, or contact us about a larger one.`
          : `Your unpaid orders already hold ${holding.units} items, and this one would bring them over ${limits.unpaidUnitsPerBuyer}. Please pay for them before ordering more, or contact us about a larger order.`,
      );
    }
  }

  /** Moves a locked order to `status`, records the event and returns the fresh row. */
  async function moveOrder(
    tx: Tx,
    order: OrderRow,
    status: OrderStatus,
    note: string | null,
    changes: Partial<
      Pick<OrderRow, "carrier" | "trackingNumber" | "paidAmountCents" | "paidOn">
    > = {},
  ): Promise<OrderRow> {
    // The client address is kept only while it counts against the buyer's unpaid holds.
    const placedFrom = status === "awaiting_payment" ? order.placedFrom : null;
    const [moved] = await tx
      .update(orders)
      .set({
        status,
        ...changes,
        placedFrom,
        version: sql`${orders.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id))
      .returning();
    await tx.insert(orderEvents).values({ orderId: order.id, status, note });
    if (!moved) throw new Error(`order ${order.id} vanished inside its transaction`);
    return moved;
  }

  /** Staff acted on the order as it was at `expectedVersion`; anything since wins. */
  function checkVersion(order: OrderRow, change: StaffChange) {
    if (order.version === change.expectedVersion) return;
    throw new OrderConflictError(
      "version_conflict",
      `Order ${formatOrderNumber(order.number)} changed while you had it open: it is now ${ORDER_STATUS_LABELS[order.status].toLowerCase()}. Nothing was saved. The page now shows the order as it is; check it and try again.`,
    );
  }

  function checkPayment(order: OrderRow, payment: PaymentReceived) {
    if (payment.amountCents < order.totalCents) {
      throw new PaymentRefusedError(
        "amount",
        `The amount received (${money(payment.amountCents)}) is less than the order total (${money(order.totalCents)}). Mark the order paid once the full amount has arrived.`,
      );
    }
    const placedOn = sydneyDay(order.createdAt);
    const today = sydneyDay();
    if (payment.receivedOn < placedOn || payment.receivedOn > today) {
      throw new PaymentRefusedError(
        "receivedOn",
        `The date received must be between the day the order was placed (${placedOn}) and today (${today}).`,
      );
    }
  }

  function refuseMove(order: OrderRow, to: OrderStatus): never {
    throw new OrderConflictError(
      "status_changed",
      `Order ${formatOrderNumber(order.number)} is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}, so it cannot be marked ${ORDER_STATUS_LABELS[to].toLowerCase()}.`,
    );
  }

  /** Cancels a locked order, returns its stock and queues the buyer's e-mail. */
  async function cancelLocked(tx: Tx, order: OrderRow, reason: CancelReason, note: string | null) {
    if (!canMoveOrder(order.status, "cancelled")) refuseMove(order, "cancelled");
    await returnStock(tx, order.id);
    const cancelled = await moveOrder(tx, order, "cancelled", note ?? reason);
    const view = await loadView(tx, cancelled);
    await enqueueMail(
      tx,
      orderCancelledEmail({
        order: view,
        link: link(cancelled),
        verified: await addressVerified(tx, cancelled),
        reason,
        explanation: note,
      }),
    );
    return view;
  }

  /**
   * One staff step on an order (issue 24): lock it, refuse it if it changed since staff saw it
   * (`version`) or cannot move to `to`, run the step's own check, move it (or cancel it, which
   * returns the stock), write the audit entry, queue the buyer's e-mail, all in one
   * transaction. The audit entry is not optional: a staff step has an actor.
   */
  async function staffTransition(
    orderId: number,
    change: StaffChange,
    step: {
      to: Extract<OrderStatus, "paid" | "shipped" | "cancelled">;
      check?: (order: OrderRow) => void;
      note?: string | null;
      changes?: Partial<
        Pick<OrderRow, "carrier" | "trackingNumber" | "paidAmountCents" | "paidOn">
      >;
      cancel?: { reason: Exclude<CancelReason, "buyer" | "expired">; note: string | null };
      audit: { action: AuditAction; details: Record<string, unknown> };
      mail?: (view: OrderView, row: OrderRow, verified: boolean) => MailMessage;
    },
  ): Promise<OrderView> {
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      checkVersion(order, change);
      let view: OrderView;
      if (step.cancel) {
        view = await cancelLocked(tx, order, step.cancel.reason, step.cancel.note);
      } else {
        if (!canMoveOrder(order.status, step.to, await shipsParcel(tx, order.id))) {
          refuseMove(order, step.to);
        }
        step.check?.(order);
        let moved = await moveOrder(tx, order, step.to, step.note ?? null, step.changes);
        if (step.to === "paid") moved = await deliverPaid(tx, moved);
        view = await loadView(tx, moved);
        if (step.mail) {
          await enqueueMail(tx, step.mail(view, moved, await addressVerified(tx, moved)));
        }
      }
      await recordAudit(tx, change.actor, {
        action: step.audit.action,
        entity: "order",
        entityId: formatOrderNumber(order.number),
        details: step.audit.details,
      });
      return view;
    });
  }

  return {
    /** Whether the product is sold to adults only: its order needs the buyer's declaration. */
    isAgeRestricted(productId: number): boolean {
      return forSale().get(productId)?.ageRestricted ?? false;
    },

    /** Whether the product is delivered by download: its line needs no shipping address. */
    isDigital(productId: number): boolean {
      return forSale().get(productId)?.digital ?? false;
    },

    /** What the lines cost, priced here from the catalogue; nothing is stored. */
    quote(request: QuoteRequest) {
      return priceOrder(
        request.lines,
        forSale(),
        request.address,
        freeOverCents,
        limits.unitsPerProduct,
      );
    },

    /**
     * Places an order: prices it, takes the stock, stores it with its first event and queues
     * its e-mails, all in one transaction. The same idempotency key places one order however
     * often it is sent; the first answer is given again.
     */
    async place(input: PlaceOrder, buyer: Buyer = {}): Promise<PlacedOrder & { created: boolean }> {
      const { userId } = buyer;
      const quote = priceOrder(
        input.lines,
        forSale(),
        input.address ?? { postcode: "", country: "" },
        freeOverCents,
        limits.unitsPerProduct,
      );
      // The route's schema checks this too; here it holds whoever calls.
      if (quote.lines.some((line) => line.ageRestricted) && input.adultDeclared !== true) {
        throw new OrderRefusedError("adult_declaration_required", ADULT_DECLARATION_REQUIRED);
      }
      const requestHash = hashRequest(input, userId);

      const earlier = await findByKey(input.idempotencyKey);
      if (earlier) return { ...(await replay(earlier, requestHash)), created: false };

      if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== quote.totalCents) {
        throw new OrderConflictError(
          "price_changed",
          "Prices changed since you opened checkout. Please check the new total and confirm again.",
        );
      }

      const accessToken = randomBytes(24).toString("base64url");
      const units = quote.lines.reduce((sum, line) => sum + line.quantity, 0);
      const holdMs =
        userId === undefined ? options.guestHoldHours * HOUR_MS : options.expiryDays * 24 * HOUR_MS;
      const placed = await db.transaction(async (tx) => {
        await checkBuyerHolds(tx, input.email, buyer, units);
        // Its confirmation would not be sent: say so now rather than place it unconfirmed.
        if (await recipientAtLimit(tx, input.email)) {
          throw new BuyerLimitError(
            "too_many_emails",
            "We have sent several e-mails to this address in the last hour, so we cannot send this order's confirmation now. Please try again in an hour, or use another e-mail address.",
          );
        }
        // A second request with the same key waits here for the first to commit, then finds
        // the key taken and inserts nothing.
        const [order] = await tx
          .insert(orders)
          .values({
            accessToken,
            idempotencyKey: input.idempotencyKey,
            requestHash,
            userId: userId ?? null,
            email: input.email,
            // An order of downloads only ships nothing: no address is kept, even if typed.
            address: quote.shipsParcel ? (input.address ?? null) : null,
            note: input.note ?? null,
            adultDeclaredAt: input.adultDeclared ? sql`now()` : null,
            itemsCents: quote.itemsCents,
            shippingCents: quote.shippingCents,
            freeShipping: quote.freeShipping,
            gstCents: quote.gstCents,
            totalCents: quote.totalCents,
            units,
            // now() is the transaction's time, the same as created_at's.
            payBy: sql`now() + make_interval(secs => ${holdMs / 1000})`,
            placedFrom: buyer.address ?? null,
          })
          .onConflictDoNothing({ target: orders.idempotencyKey })
          .returning();
        if (!order) return undefined;

        await takeStock(
          tx,
          quote.lines.map((line) => ({ ...line })),
        );
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
          })),
        );
        await tx
          .insert(orderEvents)
          .values({ orderId: order.id, status: order.status, note: null });
        const verified = await addressVerified(tx, order);
        if (quote.totalCents === 0) {
          // Nothing to pay (a free eBook): paid at once, and its links sent now.
          const paid = await moveOrder(tx, order, "paid", "Nothing to pay", {
            paidAmountCents: 0,
            paidOn: sydneyDay(),
          });
          const settled = await deliverPaid(tx, paid);
          const view = await loadView(tx, settled);
          await enqueueMail(
            tx,
            paymentReceivedEmail({ order: view, link: link(settled), verified, amountCents: 0 }),
          );
          await enqueueMail(tx, newOrderAlertEmail({ order: view, adminTo: options.shopEmail }));
          return { order: view, accessToken };
        }
        const view = await loadView(tx, order);
        await enqueueMail(tx, orderReceivedEmail({ order: view, link: link(order), verified }));
        await enqueueMail(tx, newOrderAlertEmail({ order: view, adminTo: options.shopEmail }));
        return { order: view, accessToken };
      });
      if (placed) return { ...placed, created: true };

      const winner = await findByKey(input.idempotencyKey);
      if (!winner) throw new Error("an order with this idempotency key vanished");
      return { ...(await replay(winner, requestHash)), created: false };
    },

    /** The order, when `access` may see it: its account, or the token of its link. */
    async find(number: string, access: OrderAccess): Promise<OrderView | undefined> {
      const order = await findVisible(db, number, access);
      return order ? loadView(db, order) : undefined;
    },

    /** The account's orders, newest first. */
    async listForUser(userId: number): Promise<OrderSummary[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(200);
      const withLinks = rows.filter(downloadsOpen).map((order) => order.id);
      const [lines, links] =
        withLinks.length === 0
          ? [[], []]
          : await Promise.all([
              db.select().from(orderLines).where(inArray(orderLines.orderId, withLinks)),
              db.select().from(orderDownloads).where(inArray(orderDownloads.orderId, withLinks)),
            ]);
      return rows.map((order) =>
        orderSummary(
          order,
          downloadLinks(
            order,
            lines.filter((line) => line.orderId === order.id),
            links.filter((link) => link.orderId === order.id),
            downloadRules,
          ),
        ),
      );
    },

    /** The buyer cancels while the order waits for payment; undefined when they may not see it. */
    async cancelByBuyer(number: string, access: OrderAccess): Promise<OrderView | undefined> {
      const visible = await findVisible(db, number, access);
      if (!visible) return undefined;
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, visible.id);
        if (!order) return undefined;
        if (order.status !== "awaiting_payment") {
          throw new OrderConflictError(
            "cannot_cancel",
            `Order ${formatOrderNumber(order.number)} is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}. Please contact us to cancel it.`,
          );
        }
        return cancelLocked(tx, order, "buyer", null);
      });
    },

    /** The money arrived: marked paid with the amount and the day staff recorded. */
    markPaid(orderId: number, payment: PaymentReceived, change: StaffChange): Promise<OrderView> {
      return staffTransition(orderId, change, {
        to: "paid",
        check: (order) => checkPayment(order, payment),
        note: `${money(payment.amountCents)} received on ${formatDay(payment.receivedOn)}`,
        changes: { paidAmountCents: payment.amountCents, paidOn: payment.receivedOn },
        audit: { action: "order.mark_paid", details: { ...payment } },
        mail: (view, row, verified) =>
          paymentReceivedEmail({
            order: view,
            link: link(row),
            verified,
            amountCents: payment.amountCents,
          }),
      });
    },

    /** The parcel left: marked shipped with its carrier and tracking number. */
    markShipped(
      orderId: number,
      shipment: { carrier: string; trackingNumber: string },
      change: StaffChange,
    ): Promise<OrderView> {
      return staffTransition(orderId, change, {
        to: "shipped",
        changes: shipment,
        audit: { action: "order.mark_shipped", details: { ...shipment } },
        mail: (view, row, verified) =>
          orderShippedEmail({ order: view, link: link(row), verified }),
      });
    },

    /** The shop cancels, with the reason the buyer is told; the stock returns. */
    cancel(orderId: number, reason: string | null, change: StaffChange): Promise<OrderView> {
      return staffTransition(orderId, change, {
        to: "cancelled",
        cancel: { reason: "shop", note: reason },
        audit: { action: "order.cancel", details: { reason } },
      });
    },

    /**
     * A fresh download link in place of an expired (or lost) one, asked for by whoever may see
     * the order; the count stays. Undefined when they may not see it or it has no such link.
     */
    async renewDownload(
      number: string,
      downloadId: number,
      access: OrderAccess,
    ): Promise<OrderView | undefined> {
      const visible = await findVisible(db, number, access);
      if (!visible) return undefined;
      if (!downloadsOpen(visible)) {
        throw new OrderConflictError(
          "downloads_closed",
          visible.status === "cancelled"
            ? `Order ${formatOrderNumber(visible.number)} is cancelled, so its downloads are closed.`
            : `Order ${formatOrderNumber(visible.number)} is not paid yet: its download links come once it is.`,
        );
      }
      const renewed = await renewDownload(db, visible.id, downloadId, downloadRules);
      return renewed ? loadView(db, visible) : undefined;
    },

    /** Staff give a download link its downloads back (audited). Undefined: no such link. */
    async resetDownload(
      orderId: number,
      downloadId: number,
      change: StaffChange,
    ): Promise<OrderView | undefined> {
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) return undefined;
        checkVersion(order, change);
        const reset = await resetDownloadCount(tx, order.id, downloadId);
        if (!reset) return undefined;
        const [moved] = await tx
          .update(orders)
          .set({ version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
          .where(eq(orders.id, order.id))
          .returning();
        await recordAudit(tx, change.actor, {
          action: "order.reset_downloads",
          entity: "order",
          entityId: formatOrderNumber(order.number),
          details: {
            productId: reset.row.productId,
            format: reset.row.format,
            before: { downloads: reset.before },
            after: { downloads: 0 },
          },
        });
        return loadView(tx, moved ?? order);
      });
    },

    /** The order with this number (KB-100001), for staff; undefined when there is none. */
    async findByNumber(number: string): Promise<OrderRow | undefined> {
      const sequence = parseOrderNumber(number);
      if (sequence === undefined) return undefined;
      const [order] = await db.select().from(orders).where(eq(orders.number, sequence)).limit(1);
      return order;
    },

    /** For the jobs: cancel inside a transaction that already holds the order's lock. */
    cancelLocked,
    addressVerified,
    loadView,
    link,
  };
}

/** Looks an order up by its number and checks who asks; undefined for anyone else. */
async function findVisible(db: Db, number: string, access: OrderAccess) {
  const sequence = parseOrderNumber(number);
  if (sequence === undefined) return undefined;
  const [order] = await db.select().from(orders).where(eq(orders.number, sequence)).limit(1);
  if (!order) return undefined;
  if (access.userId !== undefined && order.userId === access.userId) return order;
  if (access.token && sameSecret(access.token, order.accessToken)) return order;
  return undefined;
}

/** Compares a secret given with the stored one in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A fingerprint of what was ordered, so a reused idempotency key with another cart is caught. */
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
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

/** Units left per counted product. */
/**
 * Units left of each counted product the shop shows: a draft's or a retired product's stock is
 * staff's business (and a draft's id is not yet public).
 */
export async function stockLevels(db: Db): Promise<Record<number, number>> {
  const rows = await db
    .select({ productId: productStock.productId, available: productStock.available })
    .from(productStock)
    .innerJoin(products, eq(products.id, productStock.productId))
    .where(and(eq(products.published, true), isNull(products.retiredAt)));
  return Object.fromEntries(rows.map((row) => [row.productId, row.available]));
}
