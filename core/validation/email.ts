/** RFC 5321's limits: a longer address cannot be delivered. */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;
const DOMAIN_LABEL_MAX_LENGTH = 63;

/**
 * A dot-atom (RFC 5322): atext runs joined by single dots. atext has no dot, so there is one
 * way to match any input and the test is linear, however the input is built. It has no comma,
 * semicolon, angle bracket, quote, parenthesis, space or control character either: nothing a
 * mail library or server could read as a display name or a second recipient.
 */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
/** What an internationalised domain may be written with before it is converted to ASCII. */
const UNICODE_DOMAIN = /^[\p{L}\p{M}\p{N}.-]+$/u;

/**
 * An internationalised domain in its ASCII form (müller.de → xn--mller-kva.de), by the URL
 * parser's IDNA mapping (the same in Node and every browser). Only letters, digits, marks,
 * dots and hyphens get this far, so the parser cannot read a path, a port or a user in it.
 */
function asciiDomain(domain: string): string | undefined {
  if (!UNICODE_DOMAIN.test(domain)) return undefined;
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * One plain address (issue 23), as it is stored and sent, or undefined when `value` is not
 * exactly one: a dot-atom local part in ASCII, `@`, and a host name of two labels or more
 * (letters, digits and inner hyphens; the last label starts with a letter, so no IP address).
 *
 * Local parts are ASCII only: one in another script needs SMTPUTF8 from every server on the
 * way, which the shop cannot promise (a message that can never be delivered would be retried
 * for ever), and a browser's type="email" field refuses one too. An internationalised domain
 * is accepted and converted to ASCII, which is what Chromium's e-mail field sends anyway, so
 * every stored address is ASCII: SQL lower() then agrees with emailKey(), and nothing needs
 * SMTPUTF8.
 *
 * Lengths are checked before any pattern runs, and each pattern has one way to match: the
 * older `[^\s@]+\.[^\s@]+` let the engine try every dot and took 0.66 s on `a@` + 32,600 dots.
 */
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

/**
 * The key an address is unique by: the same mailbox written in another case or Unicode form
 * is the same address. Computed here rather than with SQL lower(), whose answer for non-ASCII
 * letters depends on the database's locale (PGlite and PostgreSQL differ).
 */
export function emailKey(email: string): string {
  return email.trim().normalize("NFKC").toLowerCase();
}
