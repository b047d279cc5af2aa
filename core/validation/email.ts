/** RFC 5321's limits: a longer address cannot be delivered. */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;
const DOMAIN_LABEL_MAX_LENGTH = 63;

/** One way to match (linear); nothing a mail library could read as a name or second recipient. */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const UNICODE_DOMAIN = /^[\p{L}\p{M}\p{N}.-]+$/u;

/** By the URL parser's IDNA mapping; only letters, digits, marks, dots and hyphens reach it. */
function asciiDomain(domain: string): string | undefined {
  if (!UNICODE_DOMAIN.test(domain)) return undefined;
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return undefined;
  }
}

// ASCII local parts only: another script needs SMTPUTF8 on every hop. Domains go to ASCII, as
// Chromium sends them. Lengths first, one way to match: `[^\s@]+\.[^\s@]+` took 0.66 s on `a@…`.
export function toPlainAddress(value: string): string | undefined {
  if (value.length > EMAIL_MAX_LENGTH) return undefined;
  const at = value.indexOf("@");
  if (at < 1 || at !== value.lastIndexOf("@")) return undefined;
  const local = value.slice(0, at);
  if (local.length > LOCAL_PART_MAX_LENGTH || !LOCAL_PART.test(local)) return undefined;
  let domain = value.slice(at + 1);
  if (/[\u0080-\uffff]/.test(domain)) {
    const converted = asciiDomain(domain);
    if (converted === undefined) return undefined;
    domain = converted;
  }
  const labels = domain.split(".");
  const last = labels.at(-1) ?? "";
  if (labels.length < 2 || !/^[a-z]/i.test(last)) return undefined;
  for (const label of labels) {
    if (label.length > DOMAIN_LABEL_MAX_LENGTH || !DOMAIN_LABEL.test(label)) return undefined;
  }
  const address = `${local}@${domain}`;
  return address.length > EMAIL_MAX_LENGTH ? undefined : address;
}

/** SPEC §5's "valid e-mail", made strict by issue 23: exactly one plain address. */
export function isEmailShape(value: string): boolean {
  return toPlainAddress(value) !== undefined;
}

/** Not SQL lower(): for non-ASCII letters it depends on the locale (PGlite ≠ PostgreSQL). */
export function emailKey(email: string): string {
  return email.trim().normalize("NFKC").toLowerCase();
}
