import type { FastifyRequest } from "fastify";
import { HttpError } from "./http-errors.ts";

/**
 * The text fields of a multipart form as an object, read in a route's preValidation so the
 * body schema checks them like JSON. The multipart parser (busboy) reports a malformed body
 * (no boundary, a part cut short, a broken header) as a plain Error; that is the client's
 * fault, so it is answered 400 here instead of falling through as a 500 (issue 23). Limits the
 * plugin enforces (parts, fields, files) keep their own 413.
 */
export async function readMultipartFields(
  request: FastifyRequest,
): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === "field" && typeof part.value === "string") {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (typeof (error as { statusCode?: unknown }).statusCode === "number") throw error;
    throw new HttpError(
      400,
      "malformed_body",
      "The form data could not be read: it is not well-formed multipart/form-data.",
    );
  }
  return fields;
}
