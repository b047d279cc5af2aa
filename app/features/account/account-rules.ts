import { fieldErrors } from "#core/validation/field-errors.ts";
import { lazyModule } from "#app/lib/lazy-module.ts";
import type { AccountValues } from "./account-fields.ts";

/** The shared sign-up and account schemas, fetched when a form is first used. */
export const accountRules = lazyModule(() => import("#core/account/account-schemas.ts"));

type Rules = Awaited<ReturnType<typeof accountRules.load>>;

export type AccountCheck<Data> =
  { ok: true; data: Data | AccountValues } | { ok: false; errors: Record<string, string> };

/**
 * Checks a form's values with one of the shared schemas: the data to send, or the message for
 * each field. Without the rules (a failed download) the values go as typed, and the server
 * checks them with the same schema.
 */
export async function checkAccountForm<Name extends "signupSchema" | "updateAccountSchema">(
  schema: Name,
  values: AccountValues,
): Promise<AccountCheck<ReturnType<Rules[Name]["parse"]>>> {
  const rules = await accountRules.load().catch(() => undefined);
  if (!rules) return { ok: true, data: values };
  const parsed = rules[schema].safeParse(values);
  return parsed.success
    ? { ok: true, data: parsed.data as ReturnType<Rules[Name]["parse"]> }
    : { ok: false, errors: fieldErrors(parsed.error) };
}
