import { named } from "../api/api-schemas.ts";
import { recordIdParam } from "../validation/record-id-param.ts";
import { hasUnsafeCharacters, hasUnsafeTextCharacters } from "../validation/safe-text.ts";
import { unsafeCharactersMessage } from "../validation/safe-text.ts";
import { z } from "../validation/zod.ts";
import { wholeNumber } from "./admin-schemas.ts";

export const NEWSLETTER_LIMITS = {
  subjectMax: 150,
  preheaderMax: 200,
  bodyMax: 50_000,
  perPage: 25,
} as const;

export const PRODUCT_CARD_PATTERN = /^\[product:\s*([a-z0-9][a-z0-9-]*)\s*\]$/i;

const subject = z
  .string({ error: "Subject is required" })
  .trim()
  .min(1, "Subject is required")
  .max(NEWSLETTER_LIMITS.subjectMax, {
    message: `Subject must be at most ${NEWSLETTER_LIMITS.subjectMax} characters`,
    abort: true,
  })
  .refine((value) => !hasUnsafeCharacters(value), unsafeCharactersMessage("Subject"));

const preheader = z
  .string()
  .trim()
  .max(NEWSLETTER_LIMITS.preheaderMax, {
    message: `Preview text must be at most ${NEWSLETTER_LIMITS.preheaderMax} characters`,
    abort: true,
  })
  .refine((value) => !hasUnsafeCharacters(value), unsafeCharactersMessage("Preview text"))
  .default("");

const body = z
  .string({ error: "Write the newsletter's text" })
  .trim()
  .min(1, "Write the newsletter's text")
  .max(NEWSLETTER_LIMITS.bodyMax, {
    message: `The text must be at most ${NEWSLETTER_LIMITS.bodyMax.toLocaleString("en-AU")} characters`,
    abort: true,
  })
  .refine((value) => !hasUnsafeTextCharacters(value), unsafeCharactersMessage("The text"));

export const newsletterDraftSchema = named(
  "NewsletterDraft",
  z.object({ subject, preheader, body }),
  "A newsletter as staff write it: the body is Markdown; a line `[product: slug]` is a product card",
);
export type NewsletterDraft = z.output<typeof newsletterDraftSchema>;

const versionField = wholeNumber(
  "The newsletter's version is missing. Please reload the page.",
).pipe(z.number().int().nonnegative());

export const newsletterEditSchema = newsletterDraftSchema.extend({ version: versionField });

export const newsletterSendSchema = z.object({ version: versionField });

export const newsletterIdParams = z.object({
  id: recordIdParam("The newsletter id is a whole number"),
});

export const newsletterListQuerySchema = z.object({
  page: wholeNumber("page must be a whole number").pipe(z.number().int().min(1)).optional(),
});

export const NEWSLETTER_STATUSES = ["draft", "sending", "sent"] as const;

const countsSchema = z.object({
  recipients: z.number().int(),
  waiting: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  unsubscribedSince: z.number().int(),
});
export type NewsletterCounts = z.output<typeof countsSchema>;

export const adminNewsletterSchema = named(
  "AdminNewsletter",
  z.object({
    id: z.number().int(),
    subject: z.string(),
    preheader: z.string(),
    body: z.string(),
    version: z.number().int(),
    status: z.enum(NEWSLETTER_STATUSES),
    createdAt: z.string(),
    updatedAt: z.string(),
    sendingStartedAt: z.string().nullable(),
    sentAt: z.string().nullable(),
    counts: countsSchema,
  }),
);
export type AdminNewsletter = z.output<typeof adminNewsletterSchema>;

export const newsletterListSchema = named(
  "NewsletterList",
  z.object({
    newsletters: z.array(adminNewsletterSchema.omit({ body: true })),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
  }),
);
export type NewsletterList = z.output<typeof newsletterListSchema>;

export const newsletterPreviewSchema = named(
  "NewsletterPreview",
  z.object({
    subject: z.string(),
    html: z.string(),
    text: z.string(),
    missingProducts: z.array(z.string()),
  }),
);
export type NewsletterPreview = z.output<typeof newsletterPreviewSchema>;

export const newsletterTestSentSchema = z.object({ ok: z.literal(true), to: z.string() });

export const newsletterSendingSchema = named(
  "NewsletterSending",
  z.object({
    ok: z.literal(true),
    recipients: z.number().int(),
    newsletter: adminNewsletterSchema,
  }),
);
