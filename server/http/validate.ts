import type { FastifyInstance, FastifySchemaCompiler } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";
import { fieldErrors } from "#core/validation/field-errors.ts";
import { HttpError } from "./http-errors.ts";

export function validationError(error: z.ZodError): HttpError {
  const fields = fieldErrors(error);
  const message = Object.values(fields)[0] ?? "Invalid input";
  return new HttpError(400, "validation_failed", message, fields);
}

/** A missing body or query reads as {}, so its fields say "… is required". */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const input = data === null && (httpPart === "body" || httpPart === "querystring") ? {} : data;
    const result = schema.safeParse(input);
    return result.success ? { value: result.data } : { error: validationError(result.error) };
  };

export function applyZodSchemas(app: FastifyInstance) {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
