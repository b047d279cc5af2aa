import type { FormEvent, ReactNode } from "react";
import { Form } from "react-router";
import {
  NEWSLETTER_LIMITS,
  newsletterDraftSchema,
  type NewsletterDraft,
} from "#core/admin/newsletter-schemas.ts";
import { fieldErrors } from "#core/validation/field-errors.ts";
import { Field, FormField } from "#app/components/form-field.tsx";
import styles from "./newsletter.module.css";

export function newsletterFromForm(form: FormData): NewsletterDraft {
  const text = (name: string) => String(form.get(name) ?? "");
  return { subject: text("subject"), preheader: text("preheader"), body: text("body") };
}

/** The server's schema, checked before the call: a mistake is named beside its field at once. */
export function checkedNewsletter(
  form: FormData,
): { ok: true; draft: NewsletterDraft } | { ok: false; fields: Record<string, string> } {
  const checked = newsletterDraftSchema.safeParse(newsletterFromForm(form));
  return checked.success
    ? { ok: true, draft: checked.data }
    : { ok: false, fields: fieldErrors(checked.error) };
}

export function NewsletterForm({
  draft,
  fields,
  onChange,
  children,
}: {
  draft?: NewsletterDraft | undefined;
  fields: Record<string, string>;
  /** Any typing in the form (the live preview's cue). */
  onChange?: ((event: FormEvent<HTMLFormElement>) => void) | undefined;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      noValidate
      className={styles.editor}
      aria-label="The newsletter"
      onChange={onChange}
    >
      <Field
        label="Subject"
        name="subject"
        defaultValue={draft?.subject}
        maxLength={NEWSLETTER_LIMITS.subjectMax}
        required
        error={fields.subject}
      />
      <Field
        label="Preview text"
        name="preheader"
        defaultValue={draft?.preheader}
        maxLength={NEWSLETTER_LIMITS.preheaderMax}
        hint="Shown after the subject in most inboxes. Optional."
        error={fields.preheader}
      />
      <FormField
        label="Text (Markdown)"
        id="newsletter-body"
        error={fields.body}
        hint={
          <>
            **bold**, *italic*, # headings, - lists and [words](https://…) links. A picture from the
            catalogue: ![what it shows](/pictures/…). A product card: a line of its own with
            [product: its-address], the last part of the product page&apos;s address.
          </>
        }
      >
        {(control) => (
          <textarea {...control} name="body" defaultValue={draft?.body} required rows={16} />
        )}
      </FormField>
      {children}
    </Form>
  );
}
