import { useState } from "react";
import { ACCOUNT_LIMITS } from "#core/account/account-limits.ts";

const EMPTY = { username: "", email: "", password: "", currentPassword: "" };
export type AccountValues = typeof EMPTY;
type Name = keyof AccountValues;

/** Input attributes of the account fields, the same in sign-up and edit forms. */
export const FIELD_ATTRIBUTES = {
  username: { autoComplete: "username", maxLength: ACCOUNT_LIMITS.usernameMax },
  email: { type: "email", autoComplete: "email", maxLength: ACCOUNT_LIMITS.emailMax },
  password: { autoComplete: "new-password", maxLength: ACCOUNT_LIMITS.passwordMax },
  // No maxLength: what is typed is checked against the stored hash, whatever its length.
  currentPassword: { autoComplete: "current-password" },
} as const;

/**
 * Values and messages of a username/email/password form (and the current password the edit
 * form asks for), and the props binding each Field.
 */
export function useAccountFields() {
  const [values, setValues] = useState<AccountValues>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    values,
    errors,
    setErrors,
    clear() {
      setValues(EMPTY);
      setErrors({});
    },
    bind: (name: Name) => ({
      name,
      ...FIELD_ATTRIBUTES[name],
      value: values[name],
      onChange: (event: { target: { value: string } }) =>
        setValues((current) => ({ ...current, [name]: event.target.value })),
      error: errors[name],
    }),
  };
}
