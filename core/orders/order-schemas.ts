import { emailSchema } from "../account/account-schemas.ts";
import { addressLabel, REQUIRED_ADDRESS_FIELD_NAMES, type Address } from "../address-fields.ts";
import { addressSchema, draftAddressSchema } from "../address.ts";
import type { ShippingPlace } from "../cart/shipping.ts";
import {
  hasUnsafeCharacters,
  hasUnsafeTextCharacters,
  unsafeCharactersMessage,
} from "../validation/safe-text.ts";
import { z } from "../validation/zod.ts";
import { optionalDiscountCodeSchema } from "./discount-schemas.ts";
import { BUYER_ADDRESS_FROM_CENTS, ORDER_LIMITS } from "./order-limits.ts";

export { ORDER_LIMITS };

export const shippingAddressSchema = addressSchema;
export type ShippingAddress = Address;

/** Never a price: the server prices every line. */
export const orderLineSchema = z.object({
  id: z.number({ error: "Product id must be a number" }).int().positive(),
  type: z
    .string({ error: "Product type must be text" })
    .trim()
    .max(100, { abort: true })
    .refine((type) => !hasUnsafeCharacters(type), unsafeCharactersMessage("Product type"))
    .default(""),
  quantity: z
    .number({ error: "Quantity must be a number" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(ORDER_LIMITS.quantityMax, `Quantity must be at most ${ORDER_LIMITS.quantityMax}`),
});
export type OrderLineInput = z.output<typeof orderLineSchema>;

const linesSchema = z
  .array(orderLineSchema, { error: "Your cart is empty" })
  .min(1, "Your cart is empty")
  .max(ORDER_LIMITS.linesMax, `An order holds at most ${ORDER_LIMITS.linesMax} lines`);

export const quoteRequestSchema = z.object({
  lines: linesSchema,
  address: draftAddressSchema.default({ postcode: "", country: "" }),
  discountCode: optionalDiscountCodeSchema,
});
/** A quote's address may leave the postcode out entirely: an estimate by country (MCP). */
export type QuoteRequest = Omit<z.output<typeof quoteRequestSchema>, "address" | "discountCode"> & {
  address: ShippingPlace;
  discountCode?: string | undefined;
};

/** A random key the checkout makes once per cart, so a repeated press places one order. */
export const idempotencyKeySchema = z
  .string({ error: "Idempotency key is required" })
  .regex(/^[\w-]{16,100}$/, "Idempotency key must be 16 to 100 letters, digits, - or _");

export const placeOrderSchema = z.object({
  idempotencyKey: idempotencyKeySchema,
  email: emailSchema,
  lines: linesSchema,
  address: shippingAddressSchema.optional(),
  note: z
    .string()
    .trim()
    .max(ORDER_LIMITS.noteMax, {
      message: `Note must be at most ${ORDER_LIMITS.noteMax} characters`,
      abort: true,
    })
    .refine((note) => !hasUnsafeTextCharacters(note), unsafeCharactersMessage("Note"))
    .optional()
    .transform((note) => (note ? note : undefined)),
  /** The total the buyer saw; when the server's differs, nothing is placed (409). */
  expectedTotalCents: z.number().int().nonnegative().optional(),
  adultDeclared: z.boolean({ error: "The declaration of age must be true or false" }).optional(),
  discountCode: optionalDiscountCodeSchema,
});
export const ADULT_DECLARATION_REQUIRED =
  "Please confirm that you are 18 or over: your order holds a product sold to adults only.";

export interface OrderCatalogueRules {
  isAgeRestricted: (productId: number) => boolean;
  isDigital: (productId: number) => boolean;
  priceCents?: (productId: number) => number | undefined;
}

function linesCents(lines: unknown[], priceCents: (productId: number) => number | undefined) {
  return lines.reduce<number>((sum, line) => {
    if (typeof line !== "object" || line === null) return sum;
    const { id, quantity } = line as { id?: unknown; quantity?: unknown };
    if (typeof id !== "number" || typeof quantity !== "number") return sum;
    return sum + (priceCents(id) ?? 0) * quantity;
  }, 0);
}

/** The checkout and the API both check with this. */
export function placeOrderSchemaFor({
  isAgeRestricted,
  isDigital,
  priceCents,
}: OrderCatalogueRules) {
  return placeOrderSchema.superRefine((order, context) => {
    // Runs beside the field checks, so its message shows with theirs: lines may be malformed.
    const lines: unknown[] = Array.isArray(order.lines) ? order.lines : [];
    const ids = lines.flatMap((line) =>
      typeof line === "object" && line !== null && "id" in line && typeof line.id === "number"
        ? [line.id]
        : [],
    );
    const parcel = ids.some((id) => !isDigital(id));
    const invoiced = priceCents && linesCents(lines, priceCents) >= BUYER_ADDRESS_FROM_CENTS;
    if (order.address === undefined && (parcel || invoiced)) {
      for (const name of REQUIRED_ADDRESS_FIELD_NAMES) {
        context.addIssue({
          code: "custom",
          path: ["address", name],
          message: `${addressLabel(name)} is required`,
        });
      }
    }
    const restricted = ids.some(isAgeRestricted);
    if (restricted && order.adultDeclared !== true) {
      context.addIssue({
        code: "custom",
        path: ["adultDeclared"],
        message: ADULT_DECLARATION_REQUIRED,
      });
    }
  });
}

export type PlaceOrderInput = z.input<typeof placeOrderSchema>;
export type PlaceOrder = Omit<z.output<typeof placeOrderSchema>, "note" | "discountCode"> & {
  note?: string | undefined;
  discountCode?: string | undefined;
};

export const orderTokenSchema = z.string().regex(/^[\w-]{20,100}$/);

export const orderNumberParamsSchema = z.object({ number: z.string().max(40) });

/** A malformed token is no token: the order is then 404. */
export const orderAccessQuerySchema = z.object({
  token: orderTokenSchema.optional().catch(undefined),
});

export const stockLevelsSchema = z.object({ stock: z.record(z.string(), z.number().int()) });
