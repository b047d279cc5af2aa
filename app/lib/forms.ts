import { data } from "react-router";
import { refusalOf } from "#core/pages/page-services.ts";
import { fieldErrors } from "#core/validation/field-errors.ts";
import type { z } from "#core/validation/zod.ts";

/**
 * One way for every form (STYLE 14): uncontrolled fields, read with `new FormData(form)` by the
 * route's action (on the server, or first in the browser once the page has hydrated), parsed
 * by the shared zod schema, and answered with what the page shows next to each field.
 */

/** The hidden field a form's login travels in; the page script fills it from storage. */
export const LOGIN_FIELD = "authToken";

/** What a refused or invalid form answers: its messages, and what was typed, to show again. */
export interface FormFailure {
  /**
   * The answer's status when the server refused (400, 401, 409, 429…; 0 when it could not be
   * reached); absent when the browser found the problem before sending.
   */
  status?: number;
  /** A message for the whole form (no field can show it), if any. */
  message?: string;
  /** The first message per field. */
  fields: Record<string, string>;
  /** What was typed, except secrets: the page shows it again. */
  values: Record<string, string>;
  /** For a 429: when to come back. */
  retryAfterSeconds?: number;
}

/** Fields never sent back to the page: a password stays only in the field it was typed in. */
const SECRET = /password|authtoken|^token$/i;

/** What was typed into the form, as text, without passwords, tokens or files. */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && !SECRET.test(name)) values[name] ??= value;
  }
  return values;
}

/** A form's text fields as the object its schema reads (the last of repeated names wins). */
export function formObject(form: FormData): Record<string, string> {
  const object: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") object[name] = value;
  return object;
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; failure: FormFailure };

/** Parses a form with its schema; `shape` turns the flat fields into the schema's input. */
export function parseForm<Schema extends z.ZodType>(
  schema: Schema,
  form: FormData,
  shape: (fields: Record<string, string>) => unknown = (fields) => fields,
): Parsed<z.output<Schema>> {
  const result = schema.safeParse(shape(formObject(form)));
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, failure: { fields: fieldErrors(result.error), values: formValues(form) } };
}

/** An invalid form's answer: 400, with the messages and what was typed. */
export function invalid(failure: FormFailure) {
  return data({ ...failure, status: 400 }, { status: 400 });
}

/**
 * A service's refusal as the form's answer, with its status (400, 401, 409, 429) and what was
 * typed; anything else is thrown on, to the route's error boundary.
 */
export function refused(error: unknown, form: FormData) {
  const refusal = refusalOf(error);
  if (!refusal) throw error;
  const failure: FormFailure = {
    status: refusal.statusCode,
    message: refusal.message,
    fields: refusal.fields ?? {},
    values: formValues(form),
    ...(refusal.retryAfterSeconds ? { retryAfterSeconds: refusal.retryAfterSeconds } : {}),
  };
  return data(failure, {
    status: refusal.statusCode,
    headers: refusal.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : {},
  });
}

/**
 * A route action's usual course: the posted form parsed by its schema, then `act` once with
 * the data (and the form, for fields the schema does not keep); an invalid form, or a service's
 * refusal, is the form's answer instead.
 */
export async function answerForm<Schema extends z.ZodType, Answer>(
  request: Request,
  schema: Schema,
  act: (data: z.output<Schema>, form: FormData) => Promise<Answer>,
) {
  const form = await request.formData();
  const parsed = parseForm(schema, form);
  if (!parsed.ok) return invalid(parsed.failure);
  try {
    return await act(parsed.data, form);
  } catch (error) {
    return refused(error, form);
  }
}

/** Whether an action's answer is a failure (rather than the form's success). */
export function isFailure(answer: unknown): answer is FormFailure {
  return typeof answer === "object" && answer !== null && "fields" in answer && "values" in answer;
}

/** The login a form carried (the hidden field), if any. */
export function loginOf(form: FormData): string | undefined {
  const login = form.get(LOGIN_FIELD);
  return typeof login === "string" && login !== "" ? login : undefined;
}

/**
 * The browser's side of a form (a route's clientAction): the schema's messages at once, without
 * a round trip; otherwise the server's action, whose failure to answer at all (no connection,
 * a crash) keeps the page and what was typed rather than showing the error screen.
 */
export async function checkThenSend<Answer>(
  request: Request,
  check: (
    fields: Record<string, string>,
  ) => Record<string, string> | Promise<Record<string, string>>,
  serverAction: () => Promise<Answer>,
): Promise<Answer | FormFailure> {
  const form = await request.clone().formData();
  const fields = await check(formObject(form));
  if (Object.keys(fields).length > 0) return { fields, values: formValues(form) };
  try {
    return await serverAction();
  } catch (error) {
    const status = error instanceof TypeError ? 0 : 500;
    return { status, fields: {}, values: formValues(form) };
  }
}
