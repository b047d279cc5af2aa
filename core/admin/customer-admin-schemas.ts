import { named } from "../api/api-schemas.ts";
import { recordIdParam } from "../validation/record-id-param.ts";
import { hasUnsafeCharacters, unsafeCharactersMessage } from "../validation/safe-text.ts";
import { z } from "../validation/zod.ts";
import { orderStatusSchema } from "../orders/order.ts";
import { ADMIN_LIMITS, bounceSchema, pageQuerySchema } from "./admin-schemas.ts";

export const CUSTOMERS_PER_PAGE = 50;

export const customerListQuerySchema = pageQuerySchema.extend({
  q: z
    .string()
    .trim()
    .max(ADMIN_LIMITS.searchMax, `Search must be at most ${ADMIN_LIMITS.searchMax} characters`)
    .refine((value) => !hasUnsafeCharacters(value), unsafeCharactersMessage("Search"))
    .optional()
    .transform((value) => value || undefined),
});

export const customerParamsSchema = z.object({
  id: recordIdParam("Customer id must be a number"),
});

const customer = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  verified: z.boolean(),
  subscribed: z.boolean(),
  staff: z.boolean(),
  joinedAt: z.string(),
  orders: z.number().int(),
  paidCents: z.number().int(),
});

export const customerListSchema = named(
  "CustomerList",
  z.object({
    customers: z.array(customer),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
  }),
  "Accounts, newest first, with their orders and what they paid; never a password or token",
);
export type CustomerList = z.output<typeof customerListSchema>;

export const customerDetailSchema = named(
  "CustomerDetail",
  customer.extend({
    subscriptionChangedAt: z.string().nullable(),
    bounce: bounceSchema,
    history: z.array(
      z.object({
        number: z.string(),
        placedAt: z.string(),
        status: orderStatusSchema,
        totalCents: z.number().int(),
      }),
    ),
  }),
  "One account and its orders, newest first",
);
export type CustomerDetail = z.output<typeof customerDetailSchema>;
