import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { paths } from "#app/paths.ts";
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGE_MAX_LENGTH,
} from "#core/contact/contact-fields.ts";
import { siteConfig } from "#core/site-config.ts";
import { FormField } from "#app/components/form-field.tsx";
import { isFailure, type FormFailure } from "#app/lib/forms.ts";
import { lazyModule } from "#app/lib/lazy-module.ts";
import styles from "./contact-form.module.css";

export const contactRules = lazyModule(() => import("#core/contact/contact-schema.ts"));

export type ContactAnswer = { sent: true } | (FormFailure & { status?: number });

/** Once checked, messages follow corrections as typed; a sent message clears both (SPEC §4). */
export function ContactForm({ answer, sending }: { answer?: ContactAnswer; sending: boolean }) {
  const failure = isFailure(answer) ? answer : undefined;
  const [corrected, setCorrected] = useState<{ for: FormFailure; fields: FormFailure["fields"] }>();
  const fields = corrected && corrected.for === failure ? corrected.fields : failure?.fields;
  const [length, setLength] = useState(failure?.values.message?.length ?? 0);
  const form = useRef<HTMLFormElement>(null);
  const message = useRef<HTMLTextAreaElement>(null);
  // A new answer remounts the fields: cleared after a message went, refilled after a refusal.
  const [shown, setShown] = useState({ answer, round: 0 });
  if (shown.answer !== answer) setShown({ answer, round: shown.round + 1 });
  const round = shown.answer === answer ? shown.round : shown.round + 1;

  // Count what is there now (typed before hydration, or refilled); the first problem takes focus.
  useEffect(() => {
    setLength(message.current?.value.length ?? 0);
    const first = failure && ["email", "message"].find((field) => failure.fields[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [round, failure]);

  function recheck() {
    const rules = contactRules.current();
    if (!failure || !rules || !form.current) return;
    const values = Object.fromEntries(new FormData(form.current));
    setCorrected({ for: failure, fields: rules.contactFormErrors(values) });
  }

  return (
    <Form
      ref={form}
      method="post"
      // Named outright: a prerendered page's form would otherwise post to "/contactus/".
      action={paths.contactUs}
      className={styles.form}
      noValidate
      onFocus={contactRules.prefetch}
      onInput={recheck}
      aria-labelledby="contact-form-title"
      aria-busy={sending}
    >
      <h2 id="contact-form-title">Send us a message</h2>
      <FormField label="Email" id="contact-email" error={fields?.email}>
        {(control) => (
          <input
            {...control}
            key={`email-${round}`}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            defaultValue={failure?.values.email ?? ""}
          />
        )}
      </FormField>
      <FormField
        label="Message"
        id="contact-message"
        error={fields?.message}
        hint={`${length} of ${CONTACT_MESSAGE_MAX_LENGTH} characters`}
      >
        {(control) => (
          <textarea
            {...control}
            key={`message-${round}`}
            ref={message}
            name="message"
            rows={8}
            maxLength={CONTACT_MESSAGE_MAX_LENGTH}
            defaultValue={failure?.values.message ?? ""}
            onChange={(event) => setLength(event.target.value.length)}
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
          defaultValue=""
        />
      </div>
      <button type="submit" className={styles.submit} disabled={sending}>
        {sending ? "Sending…" : "Send message"}
      </button>
      <div role="status" className={styles.outcome}>
        {answer && !failure ? (
          <p className={styles.thanks}>
            Thank you for your message! We have received it and will reply by e-mail, usually within
            two business days.
          </p>
        ) : null}
      </div>
      <div role="alert" className={styles.outcome}>
        {failure?.status !== undefined ? <FailureMessage failure={failure} /> : null}
      </div>
    </Form>
  );
}

function FailureMessage({ failure }: { failure: ContactAnswer & FormFailure }) {
  // Fields to correct: the messages beside them say what; waiting or e-mailing would not help.
  if (failure.status === 400) {
    return (
      <p className={styles.failure}>
        Your message could not be sent: please correct the fields marked above. Nothing you typed
        has been lost.
      </p>
    );
  }
  const reason =
    failure.status === 0
      ? "Your message could not be sent because the connection failed."
      : failure.status === 429 && failure.message
        ? `Your message could not be sent. ${failure.message}`
        : "Your message could not be sent because of a problem on our side.";
  return (
    <p className={styles.failure}>
      {reason} Nothing you typed has been lost. Please try again in a moment, or e-mail us at{" "}
      <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a>.
    </p>
  );
}
