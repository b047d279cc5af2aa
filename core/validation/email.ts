/**
 * SPEC §5's e-mail shape: text, @, text, dot, text, with no spaces. Each domain label is a run
 * without dots, so there is one way to match any input and the test is linear: the older
 * `[^\s@]+\.[^\s@]+` let the engine try every dot and took 0.66 s on `a@` + 32,600 dots + `@`.
 * Callers check the length first as well, so nothing long reaches the pattern at all.
 */
const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]+$/;

export function isEmailShape(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/**
 * The key an address is unique by: the same mailbox written in another case or Unicode form
 * is the same address. Computed here rather than with SQL lower(), whose answer for non-ASCII
 * letters depends on the database's locale (PGlite and PostgreSQL differ).
 */
export function emailKey(email: string): string {
  return email.trim().normalize("NFKC").toLowerCase();
}
