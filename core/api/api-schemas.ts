import { z } from "../validation/zod.ts";

/** Not zod's global registry: core/ loaded twice (tests, the dev server) would register twice. */
export const apiSchemaRegistry = z.registry<{ id: string; description?: string }>();

export function named<Schema extends z.ZodType>(
  id: string,
  schema: Schema,
  description?: string,
): Schema {
  apiSchemaRegistry.add(schema, description ? { id, description } : { id });
  return schema;
}

export const errorBodySchema = named(
  "Error",
  z.object({
    error: z.object({
      code: z.string(),
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

export function errorResponses<const Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    Status,
    typeof errorBodySchema
  >;
}
