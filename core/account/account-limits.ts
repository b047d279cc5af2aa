/** Passwords allow 64 characters, not SPEC's 30: ASVS 6.2.9 (issue 23 overrides SPEC here). */
export const ACCOUNT_LIMITS = {
  usernameMax: 20,
  emailMax: 50,
  passwordMin: 8,
  passwordMax: 64,
} as const;
