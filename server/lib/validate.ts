import type { FastifyInstance, FastifySchemaCompiler } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";
import { fieldErrors } from "#core/validation/field-errors.ts";
import { HttpError } from "./http-errors.ts";

/** A failed parse as the API's 400: each field with the same message the form shows. */
export function validationError(error: z.ZodError): HttpError {
  const fields = fieldErrors(error);
  const message = Object.values(fields)[0] ?? "Invalid input";
  return new HttpError(400, "validation_failed", message, fields);
}

/**
 * Validates request input with a shared schema from core/. Routes declare their schemas
 * (`schema.body`, `schema.querystring`, …) and Fastify runs them through
 * `zodValidatorCompiler`; this is for input read outside a route's schema.
 */
export function validate<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw validationError(result.error);
}

/**
 * Fastify's validator for the zod schemas routes declare: the parsed (trimmed, defaulted)
 * value replaces the input, and a failure is the API's usual 400 with field messages. A
 * missing body or query string is read as an empty object, so its fields say "… is required".
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const input = data === null && (httpPart === "body" || httpPart === "querystring") ? {} : data;
    const result = schema.safeParse(input);
    return result.success ? { value: result.data } : { error: validationError(result.error) };
  };

/** Routes of `app` validate with their zod schemas and check their answers against them. */
export function applyZodSchemas(app: FastifyInstance) {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
