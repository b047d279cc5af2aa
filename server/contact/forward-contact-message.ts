import type { ContactForm } from "#core/contact/contact-schema.ts";

export interface ForwardOptions {
  url: string;
  timeoutMs: number;
}

/** SPEC §7: multipart email and message, Accept: application/json, success by status alone. */
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
