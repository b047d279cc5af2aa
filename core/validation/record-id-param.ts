import { isRecordId } from "./record-id.ts";
import { z } from "./zod.ts";

/**
 * An id in an address (`/api/admin/products/:id`): digits, or the route answers 400 with
 * `message`. Digits of a number no record can have become 0, which no row has (ids start at
 * 1), so the route's own lookup finds nothing and answers 404 as for any other missing record.
 */
export function recordIdParam(message: string) {
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,30}$/, message)
    .transform((digits) => {
      const value = Number(digits);
      return isRecordId(value) ? value : 0;
    });
}
