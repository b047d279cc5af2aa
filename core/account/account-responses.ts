import { named, okSchema } from "../api/api-schemas.ts";
import { orderViewSchema } from "../orders/order.ts";
import { savedAddressSchema } from "./address-book.ts";
import { z } from "../validation/zod.ts";

export const tokenAnswerSchema = z.object({ token: z.string() });

/** Who may see what: SPEC's token holders are customers; staff is granted on the command line. */
export const USER_ROLES = ["customer", "staff"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const accountDetailsSchema = named(
  "AccountDetails",
  z.object({
    username: z.string(),
    email: z.string(),
    subscribed: z.boolean(),
    emailVerified: z.boolean(),
    pendingEmail: z.string().nullable(),
    subscriptionPending: z.boolean(),
    role: z.enum(USER_ROLES),
  }),
);
export type AccountDetails = z.output<typeof accountDetailsSchema>;

/** `POST /api/update-account`: a fresh token for the same session. */
export const accountUpdatedSchema = okSchema.extend({
  token: z.string(),
  emailChangePending: z.boolean().optional(),
});

export const verificationResentSchema = okSchema.extend({
  alreadyVerified: z.boolean().optional(),
});

export const emailVerifiedSchema = okSchema.extend({ email: z.string() });

export const subscriptionSchema = okSchema.extend({
  subscribed: z.boolean(),
  pending: z.boolean().optional(),
});

const isoTime = z.string();

export const personalDataSchema = named(
  "PersonalData",
  z.object({
    exportedAt: isoTime,
    about: z.string(),
    account: z.object({
      username: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      emailVerifiedAt: isoTime.nullable(),
      pendingEmail: z.string().nullable(),
      subscribed: z.boolean(),
      subscriptionChangedAt: isoTime.nullable(),
      createdAt: isoTime,
      updatedAt: isoTime,
    }),
    addresses: z.array(savedAddressSchema),
    mailingListConsents: z.array(
      z.object({
        action: z.enum(["requested", "confirmed", "withdrawn"]),
        email: z.string(),
        wording: z.string().nullable(),
        address: z.string().nullable(),
        at: isoTime,
      }),
    ),
    orders: z.array(orderViewSchema),
    contactMessages: z.array(z.object({ email: z.string(), message: z.string(), sentAt: isoTime })),
    sessions: z.array(
      z.object({
        createdAt: isoTime,
        lastSeenAt: isoTime,
        expiresAt: isoTime,
        revokedAt: isoTime.nullable(),
      }),
    ),
  }),
  "Everything the shop stores about the account holder (Privacy Act APP 12)",
);
export type PersonalData = z.output<typeof personalDataSchema>;
