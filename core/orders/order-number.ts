import { isRecordId } from "#core/validation/record-id.ts";

/** Order numbers are what the buyer types as the bank transfer reference: KB-100042. */
export const ORDER_NUMBER_PREFIX = "KB-";

export function formatOrderNumber(sequence: number): string {
  return `${ORDER_NUMBER_PREFIX}${sequence}`;
}

/** Undefined also past what the database's order numbers can hold (KB-2147483648). */
export function parseOrderNumber(text: string): number | undefined {
  const match = /^KB-(\d{1,12})$/i.exec(text.trim());
  if (!match?.[1]) return undefined;
  const sequence = Number(match[1]);
  return isRecordId(sequence) ? sequence : undefined;
}
