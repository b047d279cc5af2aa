import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  type AdminProduct,
  adminProductSchema,
  productFileParamsSchema,
  productIdParamsSchema,
} from "#core/admin/product-admin-schemas.ts";
import { errorResponses } from "#core/api/api-schemas.ts";
import {
  PRODUCT_FILE_LIMITS,
  productFileFormatOf,
  productFileName,
} from "#core/catalog/product-files.ts";
import {
  addProductFile,
  NotDigitalError,
  ProductFileNotFoundError,
  removeProductFile,
} from "./product-file-editing.ts";
import { adminProduct } from "./admin-products.ts";
import { ProductNotFoundError } from "./product-editing.ts";
import { HttpError } from "../http/http-errors.ts";
import { readMultipartUpload } from "../http/multipart-fields.ts";
import {
  actorOf,
  ADMIN_RATE_LIMIT,
  productNotFound,
  type AdminRouteOptions,
} from "../staff/staff-request.ts";

const MEGABYTES = PRODUCT_FILE_LIMITS.bytesMax / (1024 * 1024);

const refused = (code: string, message: string) =>
  new HttpError(400, code, message, { file: message });

export const adminProductFileRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  { db },
) => {
  const tags = ["back office"];
  const security = [{ bearer: [] }];
  const config = { rateLimit: ADMIN_RATE_LIMIT };
  // Multipart only here; the body is read by the route itself, one file at most.
  await app.register(multipart);

  async function write(change: () => Promise<AdminProduct>) {
    try {
      return await change();
    } catch (error) {
      if (error instanceof ProductNotFoundError) throw productNotFound();
      if (error instanceof ProductFileNotFoundError) {
        throw new HttpError(404, "not_found", "This product has no file with this id.");
      }
      if (error instanceof NotDigitalError) {
        const message =
          "This product is not delivered by download: tick “Delivered by download” and save first.";
        throw new HttpError(409, "not_digital", message, { file: message });
      }
      throw error;
    }
  }

  app.post(
    "/products/:id/files",
    {
      config,
      // The multipart body is read by the handler; this bounds the whole request.
      bodyLimit: PRODUCT_FILE_LIMITS.bytesMax + 64 * 1024,
      schema: {
        summary: "Upload a digital product's EPUB or PDF",
        description: `\`multipart/form-data\` with \`file\`. The format is judged by the bytes, never the name or declared type: an EPUB is a ZIP whose first entry is \`mimetype\`, stored, holding \`application/epub+zip\`; a PDF starts with \`%PDF-\`. At most ${MEGABYTES} MB. A product has one file per format: a new EPUB replaces its EPUB (audited as a replacement). Only for a product delivered by download (\`digital\`; 409 \`not_digital\` otherwise). Anything else is a 400 that says why and nothing is stored. Answers the product with its \`files\`.`,
        tags,
        security,
        consumes: ["multipart/form-data"],
        params: productIdParamsSchema,
        response: { 201: adminProductSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new HttpError(400, "not_multipart", "Send the file as multipart/form-data (file).");
      }
      const { id } = request.params;
      const product = await adminProduct(db, id);
      if (!product) throw productNotFound();
      const upload = await readMultipartUpload(request, {
        fileBytesMax: PRODUCT_FILE_LIMITS.bytesMax,
        tooLarge: () =>
          refused(
            "file_too_large",
            `The file is larger than ${MEGABYTES} MB: the shop takes eBooks of at most ${MEGABYTES} MB.`,
          ),
      });
      if (!upload.file || upload.file.fieldname !== "file" || upload.file.bytes.length === 0) {
        throw refused("no_file", "Choose an EPUB or PDF file to upload.");
      }
      const format = productFileFormatOf(upload.file.bytes);
      if (!format) {
        throw refused(
          "not_an_ebook",
          "The file is neither an EPUB nor a PDF: an EPUB is a ZIP that starts with its mimetype entry, a PDF starts with %PDF-.",
        );
      }
      const stored = await write(() =>
        addProductFile(
          db,
          id,
          {
            format,
            fileName: productFileName(product.slug, format),
            bytes: upload.file?.bytes ?? Buffer.alloc(0),
            isSample: false,
          },
          actorOf(request),
        ),
      );
      return reply.code(201).send(stored);
    },
  );

  app.delete(
    "/products/:id/files/:fileId",
    {
      config,
      schema: {
        summary: "Remove one of a digital product's files",
        description: "The file is deleted. Audited with its name, size and SHA-256.",
        tags,
        security,
        params: productFileParamsSchema,
        response: { 200: adminProductSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      write(() =>
        removeProductFile(db, request.params.id, request.params.fileId, actorOf(request)),
      ),
  );
};
