import type { ContactForm } from "#core/contact/contact-schema.ts";

export interface ForwardOptions {
  url: string;
  timeoutMs: number;
}

/**
 * Sends a contact message to the form-handling service the way SPEC §7 describes: multipart
 * fields email and message, Accept: application/json, success judged by the status alone.
 * Throws when the service cannot be reached, is too slow or does not accept the message.
 */
export async function forwardContactMessage(
  { email, message }: ContactForm,
  { url, timeoutMs }: ForwardOptions,
): Promise<void> {
  const body = new FormData();
  body.append("email", email);
  body.append("message", message);
  const response = await fetch(url, {
    method: "POST",
    body,
    headers: { Accept: "application/json" },
    signal: AbortSignal.timeout(timeoutMs),
  });
  // The body is not needed; release the connection.
  await response.body?.cancel().catch(() => {});
  if (!response.ok) throw new Error(`the form service answered HTTP ${response.status}`);
}
