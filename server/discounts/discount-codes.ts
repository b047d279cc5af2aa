import { and, eq, gt, sql } from "drizzle-orm";
import { formatDay, sydneyDay } from "#core/format.ts";
import { DISCOUNT_WORDS, notStartedWords } from "#core/orders/discounts.ts";
import type { DiscountRule } from "#core/orders/discount-schemas.ts";
import type { Db, Tx } from "../db/client.ts";
import { discountGuesses, discounts, type DiscountRow } from "../db/schema.ts";
import { HttpError, tooManyRequests } from "../http/http-errors.ts";

/** A small allowance of failed code checks per address group: guessing codes gets nowhere. */
export const DISCOUNT_GUESSES = { max: 10, windowSeconds: 15 * 60 } as const;

export interface UsableDiscount {
  id: number;
  rule: DiscountRule;
  perBuyerLimit: number | null;
}

export const discountRefusal = (message: string, status = 400) =>
  new HttpError(status, status === 409 ? "discount_used_up" : "discount_refused", message, {
    discountCode: message,
  });

export const ruleOf = (row: DiscountRow): DiscountRule => ({
  code: row.code,
  kind: row.kind,
  value: row.value,
  minSpendCents: row.minSpendCents,
  scope: row.scope,
  category: row.category,
  productIds: row.productIds,
});

/** Why a code cannot be used now, in the buyer's words; undefined when it can. */
export function whyUnusable(row: DiscountRow | undefined, now = new Date()) {
  if (!row) return discountRefusal(DISCOUNT_WORDS.unknown);
  if (!row.active) return discountRefusal(DISCOUNT_WORDS.paused);
  if (row.startsAt && row.startsAt > now) {
    return discountRefusal(notStartedWords(formatDay(sydneyDay(row.startsAt), "long")));
  }
  if (row.endsAt && row.endsAt <= now) return discountRefusal(DISCOUNT_WORDS.expired);
  if (row.totalLimit !== null && row.used >= row.totalLimit) {
    return discountRefusal(DISCOUNT_WORDS.usedUp, 409);
  }
  return undefined;
}

export async function findDiscountByCode(db: Db | Tx, code: string) {
  const [row] = await db
    .select()
    .from(discounts)
    .where(sql`lower(${discounts.code}) = lower(${code})`)
    .limit(1);
  return row;
}

/** The code's rule, or its refusal; a failure counts against the address group's guesses. */
export async function usableDiscount(
  db: Db,
  code: string,
  guesser: string | undefined,
): Promise<UsableDiscount> {
  if (guesser) await refuseWhileGuessing(db, guesser);
  const row = await findDiscountByCode(db, code);
  const refusal = whyUnusable(row);
  if (refusal || !row) {
    if (guesser) await countFailedGuess(db, guesser);
    throw refusal;
  }
  return { id: row.id, rule: ruleOf(row), perBuyerLimit: row.perBuyerLimit };
}

async function refuseWhileGuessing(db: Db, address: string) {
  const [entry] = await db
    .select({
      failures: discountGuesses.failures,
      left: sql<number>`ceil(extract(epoch from ${discountGuesses.windowStartedAt} + make_interval(secs => ${DISCOUNT_GUESSES.windowSeconds}) - now()))::int`,
    })
    .from(discountGuesses)
    .where(
      and(
        eq(discountGuesses.address, address),
        gt(
          discountGuesses.windowStartedAt,
          sql`now() - make_interval(secs => ${DISCOUNT_GUESSES.windowSeconds})`,
        ),
      ),
    );
  if (entry && entry.failures >= DISCOUNT_GUESSES.max) {
    const minutes = Math.max(1, Math.ceil(entry.left / 60));
    throw tooManyRequests(
      "too_many_code_guesses",
      `Too many codes tried that didn't work. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
      Math.max(1, entry.left),
    );
  }
}

const windowEnded = sql`${discountGuesses.windowStartedAt} <= now() - make_interval(secs => ${DISCOUNT_GUESSES.windowSeconds})`;

async function countFailedGuess(db: Db, address: string) {
  await db
    .insert(discountGuesses)
    .values({ address, failures: 1 })
    .onConflictDoUpdate({
      target: discountGuesses.address,
      set: {
        failures: sql`case when ${windowEnded} then 1 else ${discountGuesses.failures} + 1 end`,
        windowStartedAt: sql`case when ${windowEnded} then now() else ${discountGuesses.windowStartedAt} end`,
      },
    });
}

/** Removes the addresses whose window has ended: their next failure starts a new one anyway. */
export async function pruneDiscountGuesses(db: Db): Promise<number> {
  const removed = await db
    .delete(discountGuesses)
    .where(windowEnded)
    .returning({ address: discountGuesses.address });
  return removed.length;
}
