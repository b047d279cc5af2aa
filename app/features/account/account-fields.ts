import { ACCOUNT_LIMITS } from "#core/account/account-limits.ts";

/** Input attributes of the account fields, the same in sign-up and edit forms. */
export const FIELD_ATTRIBUTES = {
  username: { autoComplete: "username", maxLength: ACCOUNT_LIMITS.usernameMax },
  email: { type: "email", autoComplete: "email", maxLength: ACCOUNT_LIMITS.emailMax },
  password: { autoComplete: "new-password", maxLength: ACCOUNT_LIMITS.passwordMax },
  // No maxLength: what is typed is checked against the stored hash, whatever its length.
  currentPassword: { autoComplete: "current-password" },
} as const;
