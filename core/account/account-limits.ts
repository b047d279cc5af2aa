/** SPEC §5/§9 input limits, plus the password minimum the product adds for safety. */
export const ACCOUNT_LIMITS = {
  usernameMax: 20,
  emailMax: 50,
  passwordMin: 8,
  passwordMax: 30,
} as const;
