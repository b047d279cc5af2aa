/**
 * SPEC §5/§9 input limits, plus the password minimum the product adds for safety. SPEC caps
 * passwords at 30 characters; ASVS 5.0 (6.2.9) asks that at least 64 be allowed, so a long
 * passphrase is never refused: issue 23 overrides SPEC here.
 */
export const ACCOUNT_LIMITS = {
  usernameMax: 20,
  emailMax: 50,
  passwordMin: 8,
  passwordMax: 64,
} as const;
