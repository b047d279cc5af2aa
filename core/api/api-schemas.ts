import { z } from "../validation/zod.ts";

/**
 * Schemas the OpenAPI document names (`#/components/schemas/<id>`) instead of repeating them
 * inline. A registry of our own rather than zod's global one, so loading core/ twice (tests,
 * the dev server) never registers an id twice.
 */
export const apiSchemaRegistry = z.registry<{ id: string; description?: string }>();

/** Registers a schema under a component name and returns it unchanged. */
export function named<Schema extends z.ZodType>(
  id: string,
  schema: Schema,
  description?: string,
): Schema {
  apiSchemaRegistry.add(schema, description ? { id, description } : { id });
  return schema;
}

/** Every error the API answers: `{ "error": { "code", "message", "fields"? } }`. */
export const errorBodySchema = named(
  "Error",
  z.object({
    error: z.object({
      /** What went wrong, for programs: validation_failed, not_found, … */
      code: z.string(),
      /** What went wrong, in words a person can act on. */
      message: z.string(),
      /** The first message per request field that was refused. */
      fields: z.record(z.string(), z.string()).optional(),
    }),
  }),
  "An error: `code` for programs, `message` for people, `fields` per refused field",
);
export type ErrorBody = z.output<typeof errorBodySchema>;

/** SPEC §7's account calls judge success by this flag. */
export const okSchema = z.object({ ok: z.boolean() });

/** The error answers a route may give, each with the error body. */
export function errorResponses<const Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    Status,
    typeof errorBodySchema
  >;
}
