import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { loggableError, uniqueViolation } from "./errors.ts";

describe("database errors", () => {
  it("keeps a failed query's SQL and reason but drops its parameters", () => {
    const cause = new Error("value too long");
    const error = new DrizzleQueryError(
      'insert into "users" ("password_hash") values ($1)',
      ["scrypt$N=131072,r=8,p=1$c2FsdA==$aGFzaA=="],
      cause,
    );
    const safe = loggableError(error) as Error;
    expect(safe.message).toContain('insert into "users"');
    expect(safe.cause).toBe(cause);
    expect(`${safe.message}\n${safe.stack}`).not.toContain("scrypt$");
  });

  it("passes other errors through", () => {
    const error = new Error("boom");
    expect(loggableError(error)).toBe(error);
  });

  it("names the unique constraint behind a wrapped or bare driver error", () => {
    const driver = Object.assign(new Error("duplicate"), {
      code: "23505",
      constraint: "users_email_lower_key",
    });
    expect(uniqueViolation(driver)).toBe("users_email_lower_key");
    expect(uniqueViolation(new DrizzleQueryError("q", [], driver))).toBe("users_email_lower_key");
    expect(uniqueViolation(new Error("other"))).toBeUndefined();
  });
});
