import type { z } from "zod";
import { fieldErrors } from "#core/validation/field-errors.ts";
import { HttpError } from "./http-errors.ts";

/**
 * Validates request input with a shared schema from core/. Failures become a 400 naming each
 * field with the same message the form shows.
 */
export function validate<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const message = Object.values(fields)[0] ?? "Invalid input";
  throw new HttpError(400, "validation_failed", message, fields);
}
