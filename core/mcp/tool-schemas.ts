import { draftAddressSchema } from "../address.ts";
import { productSchema } from "../catalog/product.ts";
import { discountCodeSchema } from "../orders/discount-schemas.ts";
import { ORDER_LIMITS } from "../orders/order-limits.ts";
import { orderLineSchema } from "../orders/order-schemas.ts";
import {
  isReadableQuery,
  MAX_PRICE_FILTER,
  MAX_QUERY_LENGTH,
  QUERY_UNSAFE,
  SEARCH_CATEGORIES,
} from "../search/search-query.ts";
import { MAX_PRODUCT_RESULTS } from "../search/search-response.ts";
import { z } from "../validation/zod.ts";

// The SDK checks every call against these; their descriptions are what an assistant reads.

const query = z
  .string()
  .trim()
  .min(1, "Give some words to search for")
  .max(MAX_QUERY_LENGTH, `A query is at most ${MAX_QUERY_LENGTH} characters`)
  .refine(isReadableQuery, QUERY_UNSAFE);

const price = z.number().min(0).max(MAX_PRICE_FILTER);

export const searchCatalogInput = z
  .object({
    query: query.describe(
      "Words to look for in product names, descriptions, ISBNs, SKUs, genres and publishers (typos are forgiven)",
    ),
    category: z
      .enum(SEARCH_CATEGORIES.map((option) => option.value) as ["book", "cyberware", "merchandise"])
      .optional()
      .describe("Only this shop: book, cyberware (tools and supplies) or merchandise"),
    minPriceAud: price.optional().describe("Lowest price in AUD, GST included"),
    maxPriceAud: price.optional().describe("Highest price in AUD, GST included"),
    format: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .optional()
      .describe(
        "Only this format, as results name it, any case: eBook, Hardback, Paperback, Hoodie, T-Shirt…",
      ),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_PRODUCT_RESULTS)
      .default(10)
      .describe("How many products at most (default 10)"),
    cursor: z
      .string()
      .regex(/^\d{1,3}$/, "cursor must be a nextCursor an earlier answer gave")
      .optional()
      .describe(
        `An earlier answer's nextCursor: the next products of the same search (the first ${MAX_PRODUCT_RESULTS} can be read)`,
      ),
  })
  .strict()
  .refine(
    ({ minPriceAud, maxPriceAud }) =>
      minPriceAud === undefined || maxPriceAud === undefined || minPriceAud <= maxPriceAud,
    { message: "minPriceAud must not be above maxPriceAud", path: ["minPriceAud"] },
  );

export const getProductInput = z
  .object({
    slug: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe("The product's slug, the last part of its page's address /products/<slug>"),
    id: productSchema.shape.id.optional().describe("The product's id"),
  })
  .strict()
  .refine((input) => (input.slug === undefined) !== (input.id === undefined), {
    message: "Give either slug or id",
  });

export const searchPagesInput = z
  .object({
    query: query.describe(
      "What to look for in the shop's policies (shipping, refunds, privacy, terms), courses, information pages and glossary",
    ),
    limit: z
      .number()
      .int()
      .min(1)
      .max(10)
      .default(3)
      .describe("How many pages and how many glossary terms at most (default 3 of each)"),
  })
  .strict();

const cartLines = z
  .array(orderLineSchema.pick({ id: true, quantity: true }).strict())
  .min(1, "Give at least one line")
  .max(ORDER_LIMITS.linesMax, `A cart holds at most ${ORDER_LIMITS.linesMax} lines`)
  .describe("Products by id (from search_catalog or get_product) with a quantity each");

const discountCodeInput = discountCodeSchema
  .optional()
  .describe("A discount code the person gave (optional); the shop checks it and prices with it");

export const quoteCartInput = z
  .object({
    lines: cartLines,
    postcode: draftAddressSchema.shape.postcode.describe(
      "Postcode the order ships to (optional: the rate is per country)",
    ),
    country: draftAddressSchema.shape.country.describe(
      "Country the order ships to, by name or ISO code: Australia, AU, United States, US or USA. The answer says which country was understood and which shipping rate applied",
    ),
    discountCode: discountCodeInput,
  })
  .strict();

export const checkoutLinkInput = z
  .object({ lines: cartLines, discountCode: discountCodeInput })
  .strict();

export const jsonRpcAnswerSchema = z
  .object({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.string(), z.number(), z.null()]),
    result: z.record(z.string(), z.unknown()).optional(),
    error: z
      .object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() })
      .optional(),
  })
  .describe("A JSON-RPC 2.0 response of the Model Context Protocol");
