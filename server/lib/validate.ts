import type { z } from "zod";
import { HttpError } from "./http-errors";

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
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_";
    fields[key] ??= issue.message;
  }
  const message = Object.values(fields)[0] ?? "Invalid input";
  throw new HttpError(400, "validation_failed", message, fields);
}
