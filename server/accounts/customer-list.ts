import { and, desc, eq, isNotNull, ne, or, sql, ilike, type SQL } from "drizzle-orm";
import { CUSTOMERS_PER_PAGE, type CustomerDetail } from "#core/admin/customer-admin-schemas.ts";
import { pageCount } from "#core/admin/admin-schemas.ts";
import { formatOrderNumber } from "#core/orders/order-number.ts";
import { containing } from "../catalog/admin-products.ts";
import type { Db } from "../db/client.ts";
import { mailBounces, orders, users } from "../db/schema.ts";
import { accountBounce, bounceColumns, bounceOf } from "../mail/bounces.ts";
import { recordAudit, type Actor } from "../staff/audit-log.ts";
import { toCsv } from "../staff/csv-export.ts";

// Named columns only: a password hash, token version or pending address never leaves here.
const ownOrders = sql`"orders"."user_id" = "users"."id"`;
const paid = and(isNotNull(orders.paidOn), ne(orders.status, "cancelled"));
const columns = {
  id: users.id,
  username: users.username,
  email: users.email,
  verifiedAt: users.emailVerifiedAt,
  subscribed: users.subscribed,
  subscriptionChangedAt: users.subscriptionChangedAt,
  role: users.role,
  joinedAt: users.createdAt,
  orders: sql<number>`(select count(*) from ${orders} where ${ownOrders})::int`,
  paidCents: sql<number>`(select coalesce(sum(${orders.totalCents} - ${orders.refundedCents}), 0)
    from ${orders} where ${ownOrders} and ${paid})::int`,
};

type Row = {
  id: number;
  username: string;
  email: string;
  verifiedAt: Date | null;
  subscribed: boolean;
  role: string;
  joinedAt: Date;
  orders: number;
  paidCents: number;
};

const customerOf = (row: Row) => ({
  id: row.id,
  username: row.username,
  email: row.email,
  verified: row.verifiedAt !== null,
  subscribed: row.subscribed,
  staff: row.role === "staff",
  joinedAt: row.joinedAt.toISOString(),
  orders: row.orders,
  paidCents: row.paidCents,
});

const matching = (q: string | undefined): SQL | undefined =>
  q ? or(ilike(users.username, containing(q)), ilike(users.email, containing(q))) : undefined;

/** Accounts newest first, found by username or e-mail address, a page at a time. */
export async function listCustomers(db: Db, query: { q?: string | undefined; page?: number }) {
  const page = query.page ?? 1;
  const where = matching(query.q);
  const [rows, [count]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(CUSTOMERS_PER_PAGE)
      .offset((page - 1) * CUSTOMERS_PER_PAGE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  const total = count?.total ?? 0;
  return {
    customers: rows.map(customerOf),
    total,
    page,
    pages: pageCount(total, CUSTOMERS_PER_PAGE),
  };
}

export async function findCustomer(db: Db, id: number): Promise<CustomerDetail | undefined> {
  const [row] = await db
    .select({ ...columns, ...bounceColumns })
    .from(users)
    .leftJoin(mailBounces, accountBounce)
    .where(eq(users.id, id));
  if (!row) return undefined;
  const history = await db
    .select({
      number: orders.number,
      createdAt: orders.createdAt,
      status: orders.status,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(eq(orders.userId, id))
    .orderBy(desc(orders.createdAt));
  return {
    ...customerOf(row),
    subscriptionChangedAt: row.subscriptionChangedAt?.toISOString() ?? null,
    bounce: bounceOf(row),
    history: history.map((order) => ({
      number: formatOrderNumber(order.number),
      placedAt: order.createdAt.toISOString(),
      status: order.status,
      totalCents: order.totalCents,
    })),
  };
}

export const CUSTOMER_EXPORT_COLUMNS = [
  "Username",
  "Email",
  "Verified",
  "Subscribed",
  "Staff",
  "Joined (UTC)",
  "Orders",
  "Paid (AUD)",
] as const;

/** Every account as CSV, oldest first. Audited: it is personal information leaving the shop. */
export async function exportCustomers(db: Db, actor: Actor): Promise<string> {
  const rows = await db.select(columns).from(users).orderBy(users.createdAt, users.id);
  await recordAudit(db, actor, {
    action: "customers.export",
    entity: "customers",
    entityId: "accounts",
    details: { customers: rows.length },
  });
  const yes = (value: boolean) => (value ? "yes" : "no");
  return toCsv(
    CUSTOMER_EXPORT_COLUMNS,
    rows
      .map(customerOf)
      .map((row) => [
        row.username,
        row.email,
        yes(row.verified),
        yes(row.subscribed),
        yes(row.staff),
        row.joinedAt,
        String(row.orders),
        (row.paidCents / 100).toFixed(2),
      ]),
  );
}
