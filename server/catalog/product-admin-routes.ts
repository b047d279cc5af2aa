import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminProductListQuerySchema,
  adminProductListSchema,
  adminProductSchema,
  createProductSchema,
  PRODUCT_LIMITS,
  productConflictSchema,
  productIdParamsSchema,
  productVersionSchema,
  updateProductSchema,
} from "#core/admin/product-admin-schemas.ts";
import {
  CSV_NOT_UTF8,
  importConflictSchema,
  importProblemsSchema,
  importQuerySchema,
  importSummarySchema,
} from "#core/admin/product-import-schemas.ts";
import { errorResponses } from "#core/api/api-schemas.ts";
import { z } from "#core/validation/zod.ts";
import { sendCsv } from "../staff/csv-export.ts";
import { adminProduct, listAdminProducts } from "./admin-products.ts";
import {
  changeProductState,
  createProduct,
  ProductChangedError,
  ProductNotFoundError,
  notOwnedReason,
  PictureNotOwnedError,
  SlugTakenError,
  VariantTakenError,
  updateProduct,
  type StateChange,
} from "./product-editing.ts";
import {
  exportProducts,
  ImportConflictError,
  importProducts,
  ImportProblemsError,
} from "./product-import.ts";
import { errorBody, HttpError } from "../http/http-errors.ts";
import {
  actorOf,
  ADMIN_RATE_LIMIT,
  productNotFound,
  type AdminRouteOptions,
} from "../staff/staff-request.ts";

const pictureNotOwned = (error: PictureNotOwnedError) =>
  new HttpError(400, "validation_failed", notOwnedReason(error.addresses), {
    images: notOwnedReason(error.addresses),
  });

const variantTaken = (error: VariantTakenError) =>
  new HttpError(
    409,
    "variant_taken",
    `Product ${error.otherId} is already this format, colour and size of the work: change one of them, or edit that product.`,
    { size: "Another product of this work has this format, colour and size" },
  );

const slugTaken = (error: SlugTakenError) =>
  new HttpError(
    409,
    "slug_taken",
    `Another product already has the slug "${error.slug}": choose another slug.`,
    { slug: "Another product already has this slug" },
  );

export const adminProductRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  { db, catalogue },
) => {
  const tags = ["back office"];
  const security = [{ bearer: [] }];
  const config = { rateLimit: ADMIN_RATE_LIMIT };

  // UTF-8 only: another encoding is refused rather than read with its accents garbled.
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  app.addContentTypeParser(
    "text/csv",
    { parseAs: "buffer", bodyLimit: PRODUCT_LIMITS.importBytesMax },
    (_request, body, done) => {
      try {
        done(null, utf8.decode(body as Buffer));
      } catch {
        done(new HttpError(400, "not_utf8", CSV_NOT_UTF8), undefined);
      }
    },
  );

  async function write<T>(reply: FastifyReply, change: () => Promise<T>) {
    try {
      const result = await change();
      // Other instances follow within a poll; this one shows it before answering.
      await catalogue.refresh();
      return result;
    } catch (error) {
      if (error instanceof ProductNotFoundError) throw productNotFound();
      if (error instanceof SlugTakenError) throw slugTaken(error);
      if (error instanceof VariantTakenError) throw variantTaken(error);
      if (error instanceof PictureNotOwnedError) throw pictureNotOwned(error);
      if (error instanceof ProductChangedError) {
        return reply.code(409).send({
          ...errorBody(
            "product_changed",
            `${error.current.name} was changed by someone else while you had it open. Nothing was saved; here it is as it is now: check it and make your change again.`,
          ),
          product: error.current,
        });
      }
      throw error;
    }
  }

  app.get(
    "/products",
    {
      config,
      schema: {
        summary: "Every product, drafts and retired ones too, with its live stock",
        description:
          "`q` finds part of the name, SKU or ISBN; `category` and `state` (published, draft, retired) narrow the list. `featured=true` lists only the products featured on the home page, by their `featuredPosition` (the home page shows the published ones).",
        tags,
        security,
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductListSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => ({ products: await listAdminProducts(db, request.query) }),
  );

  app.get(
    "/products/export",
    {
      config,
      schema: {
        summary: "Every product as a CSV download, in content/products.csv's format",
        description:
          "SPEC §3's columns, prices in dollars, pictures joined by `|`; `stock` is left empty (the live count is on the stock page); then a last column, `version`, each product's version now, so an import of the file finds the products changed since. Drafts and retired products are included. Audited.",
        tags,
        security,
        response: {
          200: { description: "CSV", content: { "text/csv": { schema: z.string() } } },
          ...errorResponses(401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const csv = await exportProducts(db, actorOf(request));
      return sendCsv(reply, "products.csv", csv);
    },
  );

  app.get(
    "/products/:id",
    {
      config,
      schema: {
        summary: "One product as staff see it, with its version",
        tags,
        security,
        params: productIdParamsSchema,
        response: { 200: adminProductSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const product = await adminProduct(db, request.params.id);
      if (!product) throw productNotFound();
      return product;
    },
  );

  app.post(
    "/products",
    {
      config,
      schema: {
        summary: "Create a product (a draft unless `published` is true)",
        description:
          "Every SPEC §3 field, the price in whole cents. `slug` is made from the name (and the format, where the work has several) when left out; `work` from the name. A slug another product has is 409 `slug_taken`. `stock` is the opening count of a counted product.",
        tags,
        security,
        body: createProductSchema,
        response: { 201: adminProductSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      let product;
      try {
        product = await createProduct(db, request.body, actorOf(request));
      } catch (error) {
        if (error instanceof SlugTakenError) throw slugTaken(error);
        if (error instanceof VariantTakenError) throw variantTaken(error);
        if (error instanceof PictureNotOwnedError) throw pictureNotOwned(error);
        throw error;
      }
      await catalogue.refresh();
      return reply.code(201).send(product);
    },
  );

  app.patch(
    "/products/:id",
    {
      config,
      schema: {
        summary: "Change a product's fields",
        description:
          "Send the `version` you saw and the fields to change. If the product changed since, nothing is written and the answer is 409 `product_changed` with the product as it is now. A price change is allowed: a buyer already at checkout is told by its `price_changed` answer. `featuredPosition` (1 first, null to take it off) puts a product on the home page. Audited with the changed fields' values before and after.",
        tags,
        security,
        params: productIdParamsSchema,
        body: updateProductSchema,
        response: {
          200: adminProductSchema,
          409: productConflictSchema,
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) =>
      write(reply, () => updateProduct(db, request.params.id, request.body, actorOf(request))),
  );

  const stateRoutes: Record<StateChange, string> = {
    publish: "Publish a product: shown and sold (a retired one comes back)",
    unpublish: "Make a product a draft: no longer shown or sold, kept for later",
    retire: "Retire a product: no longer sold, never deleted (orders name it)",
  };
  for (const [change, summary] of Object.entries(stateRoutes) as [StateChange, string][]) {
    app.post(
      `/products/:id/${change}`,
      {
        config,
        schema: {
          summary,
          description:
            "Send the `version` you saw: if the product changed since, nothing is written and the answer is 409 `product_changed` with the product as it is now. Audited.",
          tags,
          security,
          params: productIdParamsSchema,
          body: productVersionSchema,
          response: {
            200: adminProductSchema,
            409: productConflictSchema,
            ...errorResponses(400, 401, 403, 404, 429),
          },
        },
      },
      async (request, reply) =>
        write(reply, () =>
          changeProductState(db, request.params.id, request.body.version, change, actorOf(request)),
        ),
    );
  }

  app.post(
    "/products/import",
    {
      config,
      bodyLimit: PRODUCT_LIMITS.importBytesMax,
      schema: {
        summary: "Import products from a CSV file (content/products.csv's format)",
        description:
          "The body is the file (`Content-Type: text/csv`, at most 1 MiB). Every row is checked first: any bad row is a 400 listing each one's line, column and reason, and nothing is applied. Prices are dollars with at most two decimals (`79.95`; no signs, exponents or hex); pictures are the shop's own (`/pictures/…` uploads of that product, `/images/products/…`). `dryRun=true` (the default) answers what would change, with `warnings` (a product at $0.00, an unlikely price); `dryRun=false` applies it in one transaction, audited once. New ids are created published, with `stock` as their opening count; known ids get the fields that differ (their slug, work, state and stock stay); products the file does not name are left alone. A row with the `version` an export wrote whose product changed since is a conflict: an apply is 409 `import_conflict` (nothing applied, the dry run's summary attached) unless `override` names it as `line:version` with the version the product has now. A row without a version cannot be checked and is applied as it is (`versionChecked: false`). An import never takes an uploaded picture away from a product, nor deletes a picture's files: one the row leaves out stays (`picturesKept`).",
        tags,
        security,
        consumes: ["text/csv"],
        querystring: importQuerySchema,
        body: z.string().max(PRODUCT_LIMITS.importBytesMax),
        response: {
          200: importSummarySchema,
          400: importProblemsSchema,
          409: importConflictSchema,
          ...errorResponses(401, 403, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const { dryRun, override: overrides } = request.query;
      try {
        return await write(reply, () =>
          importProducts(db, request.body, { dryRun, overrides }, actorOf(request)),
        );
      } catch (error) {
        if (error instanceof ImportConflictError) {
          const refused = error.summary.conflicts.filter((row) => !row.overridden).length;
          return reply.code(409).send({
            ...errorBody(
              "import_conflict",
              `Nothing was imported: ${refused === 1 ? "a row changes a product" : `${refused} rows change products`} changed in the shop since the file was exported. Check ${refused === 1 ? "it" : "them"}, then use the file's version or export again.`,
            ),
            summary: error.summary,
          });
        }
        if (!(error instanceof ImportProblemsError)) throw error;
        const count = error.problems.length;
        return reply.code(400).send({
          ...errorBody(
            "invalid_csv",
            `The file has ${count === 1 ? "a problem" : `${count} problems`}; nothing was imported. Correct ${count === 1 ? "it" : "them"} and import again.`,
          ),
          problems: error.problems,
        });
      }
    },
  );
};
