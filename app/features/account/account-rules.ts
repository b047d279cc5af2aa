import { fieldErrors } from "#core/validation/field-errors.ts";
import { lazyModule } from "#app/lib/lazy-module.ts";

/** The shared account schemas, fetched when a form is first used. */
export const accountRules = lazyModule(() => import("#core/account/account-schemas.ts"));

type Rules = Awaited<ReturnType<typeof accountRules.load>>;

/** The shared schemas the account forms check with. */
export type AccountFormSchema =
  | "signupSchema"
  | "updateAccountSchema"
  | "forgotPasswordSchema"
  | "resetPasswordSchema"
  | "resetPasswordFormSchema";

export type AccountCheck<Data, Values> =
  { ok: true; data: Data | Values } | { ok: false; errors: Record<string, string> };

/**
 * Checks a form's values with one of the shared schemas: the data to send, or the message for
 * each field. Without the rules (a failed download) the values go as typed, and the server
 * checks them with the same schema.
 */
export async function checkAccountForm<Name extends AccountFormSchema, Values>(
  schema: Name,
  values: Values,
): Promise<AccountCheck<ReturnType<Rules[Name]["parse"]>, Values>> {
  const rules = await accountRules.load().catch(() => undefined);
  if (!rules) return { ok: true, data: values };
  const parsed = rules[schema].safeParse(values);
  return parsed.success
    ? { ok: true, data: parsed.data as ReturnType<Rules[Name]["parse"]> }
    : { ok: false, errors: fieldErrors(parsed.error) };
}

/** A form's messages by one of the shared schemas, for `checkThenSend`: none when it is valid. */
export async function accountFormErrors(
  schema: AccountFormSchema,
  fields: Record<string, string>,
): Promise<Record<string, string>> {
  const checked = await checkAccountForm(schema, fields);
  return checked.ok ? {} : checked.errors;
}
