import { desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  DISCOUNTS_PER_PAGE,
  type AdminDiscount,
  type AdminDiscountList,
  type CreateDiscountInput,
  type DiscountState,
  type UpdateDiscountInput,
} from "#core/admin/discount-admin-schemas.ts";
import { isCalendarDay, pageCount } from "#core/admin/admin-schemas.ts";
import { isRecordId } from "#core/validation/record-id.ts";
import type { Db, Tx } from "../db/client.ts";
import { uniqueViolation } from "../db/errors.ts";
import { discounts, products, type DiscountRow } from "../db/schema.ts";
import { errorBody, HttpError } from "../http/http-errors.ts";
import { recordAudit, type Actor } from "../staff/audit-log.ts";

export function discountState(row: DiscountRow, now = new Date()): DiscountState {
  if (!row.active) return "paused";
  if (row.endsAt && row.endsAt <= now) return "expired";
  if (row.totalLimit !== null && row.used >= row.totalLimit) return "used_up";
  if (row.startsAt && row.startsAt > now) return "scheduled";
  return "active";
}

export function adminDiscount(row: DiscountRow): AdminDiscount {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    minSpendCents: row.minSpendCents,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    totalLimit: row.totalLimit,
    perBuyerLimit: row.perBuyerLimit,
    used: row.used,
    scope: row.scope,
    category: row.category,
    productIds: row.productIds,
    active: row.active,
    state: discountState(row),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export class DiscountChangedError extends Error {
  constructor(readonly current: AdminDiscount) {
    super("discount changed");
  }
}

export const discountNotFound = () =>
  new HttpError(404, "not_found", "There is no discount code with that id.");

/** A Sydney day starts at its first moment and ends after its last; a moment is itself. */
function momentOf(value: string | null, end: boolean): SQL | null {
  if (value === null) return null;
  if (!isCalendarDay(value)) return sql`${value}::timestamptz`;
  return end
    ? sql`(${value}::date + 1)::timestamp at time zone 'Australia/Sydney'`
    : sql`(${value}::date)::timestamp at time zone 'Australia/Sydney'`;
}

function columnsOf(input: CreateDiscountInput) {
  const scoped = input.scope;
  return {
    code: input.code,
    kind: input.kind,
    value: input.kind === "free_shipping" ? 0 : input.value,
    minSpendCents: input.minSpendCents,
    startsAt: momentOf(input.startsAt, false),
    endsAt: momentOf(input.endsAt, true),
    totalLimit: input.totalLimit,
    perBuyerLimit: input.perBuyerLimit,
    scope: scoped,
    category: scoped === "category" ? input.category : null,
    productIds: scoped === "products" ? [...new Set(input.productIds)] : [],
    active: input.active,
  };
}

const codeTaken = (code: string) =>
  new HttpError(409, "code_taken", `Another discount already has the code ${code}.`, {
    code: "Another discount already has this code (codes are the same in capitals or not)",
  });

/** Every chosen product must exist; drafts and retired ones count (a code may outlive a sale). */
async function refuseUnknownProducts(tx: Tx, input: CreateDiscountInput) {
  if (input.scope !== "products") return;
  const ids = [...new Set(input.productIds)];
  const known = new Set(
    // An id past what the column holds is unknown too (the database would refuse the query).
    (
      await tx
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, ids.filter(isRecordId)))
    ).map((row) => row.id),
  );
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length === 0) return;
  throw new HttpError(400, "invalid_input", "Please check the products.", {
    productIds:
      unknown.length === 1
        ? `There is no product with the id ${unknown[0]}`
        : `There are no products with the ids ${unknown.join(", ")}`,
  });
}

async function written<T>(code: string, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (uniqueViolation(error) === "discounts_code_key") throw codeTaken(code);
    throw error;
  }
}

export async function listDiscounts(db: Db, page = 1): Promise<AdminDiscountList> {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(discounts)
      .orderBy(desc(discounts.id))
      .limit(DISCOUNTS_PER_PAGE)
      .offset((page - 1) * DISCOUNTS_PER_PAGE),
    db.select({ total: sql<number>`count(*)::int` }).from(discounts),
  ]);
  const total = count?.total ?? 0;
  return {
    discounts: rows.map(adminDiscount),
    total,
    page,
    pages: pageCount(total, DISCOUNTS_PER_PAGE),
  };
}

export async function findAdminDiscount(db: Db, id: number) {
  const [row] = await db.select().from(discounts).where(eq(discounts.id, id));
  return row ? adminDiscount(row) : undefined;
}

export async function createDiscount(db: Db, input: CreateDiscountInput, actor: Actor) {
  return written(input.code, () =>
    db.transaction(async (tx) => {
      await refuseUnknownProducts(tx, input);
      const [row] = await tx.insert(discounts).values(columnsOf(input)).returning();
      if (!row) throw new Error("the new discount was not returned");
      await recordAudit(tx, actor, {
        action: "discount.create",
        entity: "discount",
        entityId: row.id,
        details: { code: row.code, kind: row.kind, value: row.value },
      });
      return adminDiscount(row);
    }),
  );
}

async function lockDiscount(tx: Tx, id: number, version: number) {
  const [row] = await tx.select().from(discounts).where(eq(discounts.id, id)).for("update");
  if (!row) throw discountNotFound();
  if (row.version !== version) throw new DiscountChangedError(adminDiscount(row));
  return row;
}

export async function updateDiscount(db: Db, id: number, input: UpdateDiscountInput, actor: Actor) {
  return written(input.code, () =>
    db.transaction(async (tx) => {
      const before = await lockDiscount(tx, id, input.version);
      await refuseUnknownProducts(tx, input);
      if (
        input.totalLimit !== null &&
        input.totalLimit !== undefined &&
        input.totalLimit < before.used
      ) {
        throw new HttpError(400, "invalid_input", "Please check the limits.", {
          totalLimit: `Already used ${before.used} times: allow at least ${before.used}, or pause the code`,
        });
      }
      const [row] = await tx
        .update(discounts)
        .set({ ...columnsOf(input), version: sql`${discounts.version} + 1`, updatedAt: sql`now()` })
        .where(eq(discounts.id, id))
        .returning();
      if (!row) throw discountNotFound();
      const changed = Object.fromEntries(
        (
          [
            "code",
            "kind",
            "value",
            "minSpendCents",
            "totalLimit",
            "perBuyerLimit",
            "scope",
          ] as const
        )
          .filter((key) => before[key] !== row[key])
          .map((key) => [key, { from: before[key], to: row[key] }]),
      );
      await recordAudit(tx, actor, {
        action: "discount.update",
        entity: "discount",
        entityId: id,
        details: { code: row.code, ...changed },
      });
      return adminDiscount(row);
    }),
  );
}

export async function setDiscountActive(
  db: Db,
  id: number,
  version: number,
  active: boolean,
  actor: Actor,
) {
  return db.transaction(async (tx) => {
    await lockDiscount(tx, id, version);
    const [row] = await tx
      .update(discounts)
      .set({ active, version: sql`${discounts.version} + 1`, updatedAt: sql`now()` })
      .where(eq(discounts.id, id))
      .returning();
    if (!row) throw discountNotFound();
    await recordAudit(tx, actor, {
      action: active ? "discount.resume" : "discount.pause",
      entity: "discount",
      entityId: id,
      details: { code: row.code },
    });
    return adminDiscount(row);
  });
}

export const discountConflict = (error: DiscountChangedError) => ({
  ...errorBody(
    "discount_changed",
    `The code ${error.current.code} was changed by someone else while you had it open. Nothing was saved; here it is as it is now: check it and make your change again.`,
  ),
  discount: error.current,
});
