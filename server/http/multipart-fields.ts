import type { FastifyRequest } from "fastify";
import { HttpError } from "./http-errors.ts";

// For preValidation, so the body schema checks fields as JSON. busboy's plain Error for a
// malformed body is the client's fault: a 400, not a 500 (issue 23); plugin limits keep their 413.
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

export interface MultipartUpload {
  fields: Record<string, string>;
  file?: { fieldname: string; bytes: Buffer };
}

/** A larger file stops the read at the limit and is answered with `tooLarge`. */
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
