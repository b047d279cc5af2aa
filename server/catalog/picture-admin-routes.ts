import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  type AdminProduct,
  adminProductSchema,
  describePictureSchema,
  pictureParamsSchema,
  PRODUCT_LIMITS,
  productIdParamsSchema,
  pictureAltSchema,
} from "#core/admin/product-admin-schemas.ts";
import { errorResponses } from "#core/api/api-schemas.ts";
import { PICTURE_LIMITS, PICTURE_WIDTHS } from "#core/catalog/pictures.ts";
import {
  addProductPicture,
  describePicture,
  PictureNotFoundError,
  TooManyPicturesError,
} from "./picture-editing.ts";
import { adminProduct } from "./admin-products.ts";
import { ProductNotFoundError } from "./product-editing.ts";
import { preparePicture, PictureRefused, tooLarge } from "./picture-processing.ts";
import { HttpError } from "../http/http-errors.ts";
import { readMultipartUpload } from "../http/multipart-fields.ts";
import {
  actorOf,
  ADMIN_RATE_LIMIT,
  productNotFound,
  type AdminRouteOptions,
} from "../staff/staff-request.ts";

const refusal = (error: PictureRefused) =>
  new HttpError(400, error.code, error.message, { picture: error.message });

export const adminPictureRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  { db, catalogue },
) => {
  const tags = ["back office"];
  const security = [{ bearer: [] }];
  const config = { rateLimit: ADMIN_RATE_LIMIT };
  // Multipart only here; the body is read by the route itself, one file at most.
  await app.register(multipart);

  async function write(change: () => Promise<AdminProduct>) {
    try {
      const product = await change();
      await catalogue.refresh();
      return product;
    } catch (error) {
      if (error instanceof ProductNotFoundError) throw productNotFound();
      if (error instanceof PictureNotFoundError) {
        throw new HttpError(404, "not_found", "This product has no uploaded picture with this id.");
      }
      if (error instanceof TooManyPicturesError) {
        throw new HttpError(
          409,
          "too_many_pictures",
          `A product has at most ${PRODUCT_LIMITS.imagesMax} pictures: remove one first.`,
          { picture: `At most ${PRODUCT_LIMITS.imagesMax} pictures` },
        );
      }
      throw error;
    }
  }

  app.post(
    "/products/:id/pictures",
    {
      config,
      // The multipart body is read by the handler; this bounds the whole request.
      bodyLimit: PICTURE_LIMITS.bytesMax + 64 * 1024,
      schema: {
        summary: "Upload a picture for a product",
        description: `\`multipart/form-data\` with \`picture\` (the file) and \`alt\` (what it shows, for people who cannot see it; required, at most ${PICTURE_LIMITS.altMax} characters). The file is judged by its bytes: JPEG, PNG, WebP, AVIF or GIF of at most ${PICTURE_LIMITS.bytesMax / (1024 * 1024)} MB and ${PICTURE_LIMITS.pixelsMax / 1_000_000} million pixels (read from its header before decoding, so a decompression bomb is refused); anything else is a 400 that says why and nothing is stored. It is turned upright, stripped of its metadata and made into WebP and AVIF at ${PICTURE_WIDTHS.join(", ")} pixels wide (never wider than it is), served from \`/pictures/<id>-<width>.<webp|avif>\`; the product's \`images\` gains the largest WebP's address at the end. Audited.`,
        tags,
        security,
        consumes: ["multipart/form-data"],
        params: productIdParamsSchema,
        response: { 201: adminProductSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new HttpError(
          400,
          "not_multipart",
          "Send the picture as multipart/form-data with the fields picture and alt.",
        );
      }
      const { id } = request.params;
      if (!(await adminProduct(db, id))) throw productNotFound();
      const upload = await readMultipartUpload(request, {
        fileBytesMax: PICTURE_LIMITS.bytesMax,
        tooLarge: () => refusal(tooLarge()),
      });
      const alt = pictureAltSchema.safeParse(upload.fields.alt ?? "");
      if (!upload.file || upload.file.fieldname !== "picture" || upload.file.bytes.length === 0) {
        const message = "Choose a picture to upload.";
        throw new HttpError(400, "no_picture", message, {
          picture: message,
          ...(alt.success ? {} : { alt: alt.error.issues[0]?.message ?? "Describe the picture" }),
        });
      }
      if (!alt.success) {
        const message = alt.error.issues[0]?.message ?? "Describe the picture";
        throw new HttpError(400, "validation_failed", message, { alt: message });
      }
      let picture;
      try {
        picture = await preparePicture(upload.file.bytes);
      } catch (error) {
        if (error instanceof PictureRefused) throw refusal(error);
        throw error;
      }
      const product = await write(() =>
        addProductPicture(db, id, alt.data, picture, actorOf(request)),
      );
      return reply.code(201).send(product);
    },
  );

  app.patch(
    "/products/:id/pictures/:pictureId",
    {
      config,
      schema: {
        summary: "Describe one of a product's uploaded pictures again",
        description:
          "The `alt` text people who cannot see the picture are given. Reordering and removing pictures are a change of the product's `images` (PATCH /products/:id). Audited.",
        tags,
        security,
        params: pictureParamsSchema,
        body: describePictureSchema,
        response: { 200: adminProductSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      write(() =>
        describePicture(
          db,
          request.params.id,
          request.params.pictureId,
          request.body.alt,
          actorOf(request),
        ),
      ),
  );
};
