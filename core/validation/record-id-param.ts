import { isRecordId } from "./record-id.ts";
import { z } from "./zod.ts";

/** Too-large digits become 0 (no row has it), so the lookup answers 404 like any missing row. */
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
