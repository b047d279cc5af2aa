import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminDiscountListSchema,
  adminDiscountSchema,
  createDiscountSchema,
  discountIdParamsSchema,
  discountListQuerySchema,
  discountVersionSchema,
  DISCOUNTS_PER_PAGE,
  updateDiscountSchema,
} from "#core/admin/discount-admin-schemas.ts";
import { errorBodySchema, errorResponses, named } from "#core/api/api-schemas.ts";
import { actorOf, ADMIN_RATE_LIMIT, type AdminRouteOptions } from "../staff/staff-request.ts";
import {
  createDiscount,
  DiscountChangedError,
  discountConflict,
  discountNotFound,
  findAdminDiscount,
  listDiscounts,
  setDiscountActive,
  updateDiscount,
} from "./discount-editing.ts";

const discountConflictSchema = named(
  "DiscountConflict",
  errorBodySchema.extend({ discount: adminDiscountSchema.optional() }),
  "A refused change, nothing written: `discount_changed` (with `discount` as it is now) or `code_taken`",
);

/** Discount codes (decision 034): every change audited, edits checked against the version seen. */
export const adminDiscountRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  { db },
) => {
  const tags = ["back office"];
  const security = [{ bearer: [] }];
  const config = { rateLimit: ADMIN_RATE_LIMIT };

  async function write<T>(reply: FastifyReply, change: () => Promise<T>) {
    try {
      return await change();
    } catch (error) {
      if (error instanceof DiscountChangedError) {
        return reply.code(409).send(discountConflict(error));
      }
      throw error;
    }
  }

  app.get(
    "/discounts",
    {
      config,
      schema: {
        summary: "Discount codes, newest first, a page at a time, with their uses and state",
        description: `\`page\` counts from 1 (${DISCOUNTS_PER_PAGE} codes a page; a bad one is 400); \`total\` and \`pages\` say how many there are. \`state\` is now's: active, paused (by staff), scheduled (before its start), expired (after its end) or used_up (its total limit reached).`,
        tags,
        security,
        querystring: discountListQuerySchema,
        response: { 200: adminDiscountListSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => listDiscounts(db, request.query.page),
  );

  app.get(
    "/discounts/:id",
    {
      config,
      schema: {
        summary: "One discount code, with its version",
        tags,
        security,
        params: discountIdParamsSchema,
        response: { 200: adminDiscountSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const discount = await findAdminDiscount(db, request.params.id);
      if (!discount) throw discountNotFound();
      return discount;
    },
  );

  app.post(
    "/discounts",
    {
      config,
      schema: {
        summary: "Create a discount code",
        description:
          "A percentage, an amount off (cents) or free shipping; a minimum spend; a start and an end (Sydney days or moments); limits in total and per buyer (by e-mail or account); for everything, one shop (`category`) or chosen `productIds`. A code another discount has, in capitals or not, is 409 `code_taken`. Audited.",
        tags,
        security,
        body: createDiscountSchema,
        response: {
          201: adminDiscountSchema,
          409: discountConflictSchema,
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createDiscount(db, request.body, actorOf(request))),
  );

  app.put(
    "/discounts/:id",
    {
      config,
      schema: {
        summary: "Change a discount code",
        description:
          "Every field, with the `version` you saw. If the code changed since, nothing is written and the answer is 409 `discount_changed` with the code as it is now. Uses so far are kept. Audited with the changed fields.",
        tags,
        security,
        params: discountIdParamsSchema,
        body: updateDiscountSchema,
        response: {
          200: adminDiscountSchema,
          409: discountConflictSchema,
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) =>
      write(reply, () => updateDiscount(db, request.params.id, request.body, actorOf(request))),
  );

  for (const [change, active] of [
    ["pause", false],
    ["resume", true],
  ] as const) {
    app.post(
      `/discounts/:id/${change}`,
      {
        config,
        schema: {
          summary: active
            ? "Resume a paused discount code"
            : "Pause a discount code: buyers are told it can't be used at the moment",
          description:
            "Send the `version` you saw: if the code changed since, nothing is written and the answer is 409 `discount_changed`. Audited.",
          tags,
          security,
          params: discountIdParamsSchema,
          body: discountVersionSchema,
          response: {
            200: adminDiscountSchema,
            409: discountConflictSchema,
            ...errorResponses(400, 401, 403, 404, 429),
          },
        },
      },
      async (request, reply) =>
        write(reply, () =>
          setDiscountActive(db, request.params.id, request.body.version, active, actorOf(request)),
        ),
    );
  }
};
