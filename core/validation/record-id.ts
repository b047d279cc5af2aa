/**
 * The largest value of the database's `integer` columns (ids, order numbers). A number past it
 * names no record: asked of PostgreSQL it is an error ("out of range for type integer"), so it
 * is answered as "not found" before it reaches a query (issue 34). No zod here: the order
 * number's parser is in the pages' bundles.
 */
export const LARGEST_RECORD_ID = 2_147_483_647;

export const isRecordId = (value: number) =>
  Number.isSafeInteger(value) && value >= 1 && value <= LARGEST_RECORD_ID;
