import type { FastifyInstance, FastifySchemaCompiler } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";
import { fieldErrors } from "#core/validation/field-errors.ts";
import { HttpError } from "./http-errors.ts";
import { Lru } from "../lib/lru.ts";

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

/**
 * zodValidatorCompiler, remembering the last `kept` queries it passed: the same few searches
 * come again and again, and checking one cost as much as answering it from the cache.
 */
const MAX_REMEMBERED_QUERY = 512;

export function rememberingQueries(kept: number): FastifySchemaCompiler<z.ZodType> {
  return (route) => {
    const validate = zodValidatorCompiler(route);
    if (route.httpPart !== "querystring") return validate;
    const passed = new Lru<string, object>(kept);
    return (data) => {
      const key = JSON.stringify(data);
      // A long query is rare and would take memory: checked every time instead.
      if (key.length > MAX_REMEMBERED_QUERY) return validate(data);
      const known = passed.get(key);
      // Copies: a handler may change its request.query.
      if (known) return { value: { ...known } };
      const result = validate(data);
      if (typeof result === "object" && "value" in result && typeof result.value === "object") {
        passed.set(key, { ...(result.value as object) });
      }
      return result;
    };
  };
}

export function applyZodSchemas(app: FastifyInstance) {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
