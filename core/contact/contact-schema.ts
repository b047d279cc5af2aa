import { emailField } from "../account/account-schemas.ts";
import { EMAIL_MAX_LENGTH } from "../validation/email.ts";
import { hasUnsafeTextCharacters, unsafeCharactersMessage } from "../validation/safe-text.ts";
import { z } from "../validation/zod.ts";
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGE_MAX_LENGTH,
  type ContactField,
} from "./contact-fields.ts";

/** The exact messages of SPEC §5, shared by the form and POST /api/contact. */
export const contactErrors = {
  emailRequired: "Email is required",
  emailInvalid: "Invalid email format",
  messageRequired: "Message is required",
  messageTooLong: "Message must be less than 1000 characters",
} as const;

export const contactFormSchema = z.object({
  email: emailField(EMAIL_MAX_LENGTH, {
    required: contactErrors.emailRequired,
    tooLong: contactErrors.emailInvalid,
    invalid: contactErrors.emailInvalid,
    notText: contactErrors.emailRequired,
  }),
  message: z
    .string({ error: contactErrors.messageRequired })
    .trim()
    .min(1, contactErrors.messageRequired)
    .max(CONTACT_MESSAGE_MAX_LENGTH, { message: contactErrors.messageTooLong, abort: true })
    .refine((message) => !hasUnsafeTextCharacters(message), unsafeCharactersMessage("Message")),
});

export type ContactForm = z.output<typeof contactFormSchema>;

export function contactFormErrors(input: unknown): Partial<Record<ContactField, string>> {
  const result = contactFormSchema.safeParse(input);
  if (result.success) return {};
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === "email" || field === "message") errors[field] ??= issue.message;
  }
  return errors;
}

export function isHoneypotFilled(input: unknown): boolean {
  if (typeof input !== "object" || input === null) return false;
  const value = (input as Record<string, unknown>)[CONTACT_HONEYPOT_FIELD];
  return typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null;
}
