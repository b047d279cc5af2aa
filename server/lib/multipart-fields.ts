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

/** A form with one file: its text fields, and the file's bytes when one was sent. */
export interface MultipartUpload {
  fields: Record<string, string>;
  file?: { fieldname: string; bytes: Buffer };
}

/**
 * A multipart form carrying at most one file of at most `fileBytesMax`, read whole. A larger
 * file stops the read at the limit and is answered with `tooLarge` (the caller's 400, which
 * says what the limit is); a second file, or a malformed body, with a 400 of its own.
 */
export async function readMultipartUpload(
  request: FastifyRequest,
  { fileBytesMax, tooLarge }: { fileBytesMax: number; tooLarge: () => Error },
): Promise<MultipartUpload> {
  const upload: MultipartUpload = { fields: {} };
  try {
    for await (const part of request.parts({
      limits: { fileSize: fileBytesMax, files: 1, fields: 10, fieldSize: 4096, parts: 11 },
    })) {
      if (part.type === "file")
        upload.file = { fieldname: part.fieldname, bytes: await part.toBuffer() };
      else if (typeof part.value === "string") upload.fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    if (code === "FST_FILES_LIMIT") {
      throw new HttpError(400, "one_file_only", "Send one file at a time.");
    }
    if (typeof (error as { statusCode?: unknown }).statusCode === "number") throw error;
    throw new HttpError(
      400,
      "malformed_body",
      "The form data could not be read: it is not well-formed multipart/form-data.",
    );
  }
  return upload;
}
