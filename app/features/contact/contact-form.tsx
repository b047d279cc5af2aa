import { useRef, type FormEvent } from "react";
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGE_MAX_LENGTH,
} from "#core/contact/contact-fields.ts";
import { siteConfig } from "#core/site-config.ts";
import { FormField, Input, Textarea } from "#app/components/form-field.tsx";
import { contactRules, useContactForm, type ContactStatus } from "./use-contact-form.ts";
import styles from "./contact-form.module.css";

/** SPEC §2 Contact Us Form: email and message. */
export function ContactForm() {
  const { values, errors, status, update, submit } = useContactForm();
  const emailInput = useRef<HTMLInputElement>(null);
  const messageInput = useRef<HTMLTextAreaElement>(null);
  const sending = status.state === "sending";

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = await submit();
    if (invalid === "email") emailInput.current?.focus();
    if (invalid === "message") messageInput.current?.focus();
  }

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={handleSubmit}
      onFocus={contactRules.prefetch}
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title">Send us a message</h2>
      <FormField label="Email" id="contact-email" error={errors.email}>
        {(control) => (
          <Input
            {...control}
            ref={emailInput}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            onChange={update("email")}
          />
        )}
      </FormField>
      <FormField
        label="Message"
        id="contact-message"
        error={errors.message}
        hint={`${values.message.length} of ${CONTACT_MESSAGE_MAX_LENGTH} characters`}
      >
        {(control) => (
          <Textarea
            {...control}
            ref={messageInput}
            name="message"
            rows={8}
            maxLength={CONTACT_MESSAGE_MAX_LENGTH}
            value={values.message}
            onChange={update("message")}
          />
        )}
      </FormField>
      {/* Honeypot: hidden from view and from the tab order; bots fill it, people do not. */}
      <div className="visually-hidden">
        <label htmlFor="contact-company">Leave this field empty</label>
        <input
          id="contact-company"
          name={CONTACT_HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          value={values.company}
          onChange={update("company")}
        />
      </div>
      <button type="submit" className={styles.submit} disabled={sending}>
        {sending ? "Sending…" : "Send message"}
      </button>
      <div role="status" className={styles.outcome}>
        {status.state === "sent" ? (
          <p className={styles.thanks}>
            Thank you for your message! We have received it and will reply by e-mail, usually within
            two business days.
          </p>
        ) : null}
      </div>
      <div role="alert" className={styles.outcome}>
        {status.state === "failed" ? <FailureMessage status={status} /> : null}
      </div>
    </form>
  );
}

function FailureMessage({ status }: { status: Extract<ContactStatus, { state: "failed" }> }) {
  const reason =
    status.status === 0
      ? "Your message could not be sent because the connection failed."
      : status.status === 400
        ? "Your message could not be sent: please check the fields marked above."
        : status.status === 429 && status.message
          ? `Your message could not be sent. ${status.message}`
          : "Your message could not be sent because of a problem on our side.";
  return (
    <p className={styles.failure}>
      {reason} Nothing you typed has been lost. Please try again in a moment, or e-mail us at{" "}
      <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a>.
    </p>
  );
}
