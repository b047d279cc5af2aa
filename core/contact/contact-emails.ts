import { composeMail, type MailMessage } from "../mail/compose-mail.ts";
import { isEmailShape } from "../validation/email.ts";
import type { ContactForm } from "./contact-schema.ts";

/** A copy of a contact message for the shop's inbox; answering it writes to the sender. */
export function contactMessageEmail({
  form,
  shopTo,
  messageUrl,
}: {
  form: ContactForm;
  shopTo: string;
  messageUrl: string;
}): MailMessage {
  // Only a plain address may become a header: nothing a visitor types adds a recipient.
  const replyTo = isEmailShape(form.email) ? { "Reply-To": form.email } : undefined;
  return composeMail(
    "contact_message",
    shopTo,
    `Contact message from ${form.email}`,
    [
      { paragraph: `${form.email} wrote through the contact form:` },
      { paragraph: form.message },
      {
        paragraph: replyTo
          ? "Reply to this e-mail to answer them."
          : "Their address is not one plain e-mail address, so replying here will not reach them.",
      },
      { link: { href: messageUrl, label: "Open the message in the back office" } },
    ],
    replyTo,
  );
}
