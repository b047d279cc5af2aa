import { useState } from "react";
import { ACCOUNT_LIMITS } from "#core/account/account-limits.ts";

const EMPTY = { username: "", email: "", password: "" };
export type AccountValues = typeof EMPTY;
type Name = keyof AccountValues;

/** Input attributes of the account fields, the same in sign-up and edit forms. */
const FIELD_ATTRIBUTES = {
  username: { autoComplete: "username", maxLength: ACCOUNT_LIMITS.usernameMax },
  email: { type: "email", autoComplete: "email", maxLength: ACCOUNT_LIMITS.emailMax },
  password: { autoComplete: "new-password", maxLength: ACCOUNT_LIMITS.passwordMax },
} as const;

/** Values and messages of a username/email/password form, and the props binding each Field. */
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
