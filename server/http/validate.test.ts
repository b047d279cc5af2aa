import type { FastifyRouteSchemaDef } from "fastify/types/schema.js";
import { describe, expect, it } from "vitest";
import { z } from "#core/validation/zod.ts";
import { rememberingQueries, zodValidatorCompiler } from "./validate.ts";

const schema = z.object({ q: z.string().trim().max(10), page: z.coerce.number().default(1) });
const route = (httpPart: string) =>
  ({ schema, httpPart, method: "GET", url: "/x" }) as FastifyRouteSchemaDef<z.ZodType>;

describe("rememberingQueries", () => {
  it("answers a query asked again as zodValidatorCompiler does, each time a copy", () => {
    const remembering = rememberingQueries(10)(route("querystring"));
    const plain = zodValidatorCompiler(route("querystring"));
    const first = remembering({ q: " cyborg " });
    expect(first).toEqual(plain({ q: " cyborg " }));
    const second = remembering({ q: " cyborg " });
    expect(second).toEqual({ value: { q: "cyborg", page: 1 } });
    (second as { value: { q: string } }).value.q = "changed";
    expect(remembering({ q: " cyborg " })).toEqual({ value: { q: "cyborg", page: 1 } });
  });

  it("checks a refused query every time, and other parts as zodValidatorCompiler", () => {
    const remembering = rememberingQueries(10)(route("querystring"));
    for (const _ of [1, 2])
      expect(remembering({ q: "far too long for it" })).toHaveProperty("error");
    expect(rememberingQueries(10)(route("body")).toString()).toBe(
      zodValidatorCompiler(route("body")).toString(),
    );
  });
});
