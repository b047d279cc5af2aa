import { CONTACT_HONEYPOT_FIELD } from "#core/contact/contact-fields.ts";

export const CONTACT_API = "/api/contact";

export interface ContactValues {
  email: string;
  message: string;
  /** The honeypot; people leave it empty. */
  company: string;
}

export type SendResult =
  { ok: true } | { ok: false; status: number; message?: string; fields?: Record<string, string> };

/** Posts the form as multipart fields (SPEC §7); only HTTP 200 counts as sent. */
export async function sendContactMessage(values: ContactValues): Promise<SendResult> {
  const body = new FormData();
  body.append("email", values.email);
  body.append("message", values.message);
  body.append(CONTACT_HONEYPOT_FIELD, values.company);
  try {
    const response = await fetch(CONTACT_API, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
    });
    if (response.status === 200) return { ok: true };
    const payload = (await response.json().catch(() => null)) as {
      error?: { message?: string; fields?: Record<string, string> };
    } | null;
    return {
      ok: false,
      status: response.status,
      ...(payload?.error?.message ? { message: payload.error.message } : {}),
      ...(payload?.error?.fields ? { fields: payload.error.fields } : {}),
    };
  } catch {
    return { ok: false, status: 0 };
  }
}
