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

export function returnRequestEmail({
  email,
  orderNumber,
  text,
  shopTo,
  messageUrl,
  orderUrl,
}: {
  email: string;
  orderNumber: string;
  text: string;
  shopTo: string;
  messageUrl: string;
  orderUrl: string;
}): MailMessage {
  const replyTo = isEmailShape(email) ? { "Reply-To": email } : undefined;
  return composeMail(
    "return_request",
    shopTo,
    `Return request for order ${orderNumber} from ${email}`,
    [
      { paragraph: `${email} asked for a return from the page of order ${orderNumber}:` },
      { paragraph: text },
      {
        paragraph: replyTo
          ? "Reply to this e-mail to answer them."
          : "Their address is not one plain e-mail address, so replying here will not reach them.",
      },
      { link: { href: orderUrl, label: `Open order ${orderNumber} in the back office` } },
      { link: { href: messageUrl, label: "Open the message in the back office" } },
    ],
    replyTo,
  );
}
