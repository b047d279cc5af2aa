import type { z } from "zod";

/**
 * The first message for each field of a failed parse (`"_"` for form-level issues), the shape
 * both the forms and the API's 400 answers use.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_";
    fields[key] ??= issue.message;
  }
  return fields;
}
