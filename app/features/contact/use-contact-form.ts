import { useState, type ChangeEvent } from "react";
import type { ContactField } from "#core/contact/contact-fields.ts";
import { lazyModule } from "#app/lib/lazy-module.ts";
import { sendContactMessage, type ContactValues } from "./send-contact-message.ts";

export type ContactErrors = Partial<Record<ContactField, string>>;

export type ContactStatus =
  | { state: "idle" }
  | { state: "sending" }
  | { state: "sent" }
  | { state: "failed"; status: number; message?: string };

/** The shared contact schema, fetched when the form is first used. */
export const contactRules = lazyModule(() => import("#core/contact/contact-schema.ts"));

const EMPTY: ContactValues = { email: "", message: "", company: "" };
const FIELD_ORDER: readonly ContactField[] = ["email", "message"];

/**
 * State of the Contact Us form (SPEC §4, §5): validated on submit with the shared schema,
 * nothing sent while invalid, fields cleared only when the server answered 200. After a
 * failed submit the messages follow the input as it is corrected.
 */
export function useContactForm() {
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [status, setStatus] = useState<ContactStatus>({ state: "idle" });

  function update(field: keyof ContactValues) {
    return (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      // An updater: fields typed into before hydration report in the same tick.
      setValues((current) => ({ ...current, [field]: value }));
      // After a submit the rules have arrived, so the messages follow each keystroke.
      const rules = contactRules.current();
      if (attempted && rules) setErrors(rules.contactFormErrors({ ...values, [field]: value }));
    };
  }

  /** Validates and sends; returns the first invalid field (to move focus there), if any. */
  async function submit(): Promise<ContactField | undefined> {
    if (status.state === "sending") return undefined;
    // Without the rules (a failed download) the server still checks, with the same schema.
    const rules = await contactRules.load().catch(() => undefined);
    const found = rules?.contactFormErrors(values) ?? {};
    setErrors(found);
    setAttempted(true);
    const firstInvalid = FIELD_ORDER.find((field) => found[field]);
    if (firstInvalid) return firstInvalid;

    setStatus({ state: "sending" });
    const result = await sendContactMessage(values);
    if (result.ok) {
      setValues(EMPTY);
      setErrors({});
      setAttempted(false);
      setStatus({ state: "sent" });
      return undefined;
    }
    // SPEC §8 logs this; the visitor also sees it, and keeps what they typed.
    console.warn("Failed to submit form", result.status);
    const serverErrors = pickFieldErrors(result.fields);
    setErrors(serverErrors);
    setStatus({
      state: "failed",
      status: result.status,
      ...(result.message ? { message: result.message } : {}),
    });
    return FIELD_ORDER.find((field) => serverErrors[field]);
  }

  return { values, errors, status, update, submit };
}

function pickFieldErrors(fields: Record<string, string> | undefined): ContactErrors {
  const picked: ContactErrors = {};
  for (const field of FIELD_ORDER) {
    const message = fields?.[field];
    if (message) picked[field] = message;
  }
  return picked;
}
