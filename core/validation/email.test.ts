import { describe, expect, it } from "vitest";
import { emailKey, isEmailShape } from "./email.ts";

describe("isEmailShape", () => {
  it.each(["ada@example.com", "a.b+c@mail.example.com.au", "x@y.z"])("accepts %s", (email) => {
    expect(isEmailShape(email)).toBe(true);
  });

  it.each([
    "ada@example",
    "ada lovelace@example.com",
    "a@b@c.d",
    "@example.com",
    "a@.com",
    "a@b..c",
    "a@b.c.",
  ])("refuses %s", (email) => {
    expect(isEmailShape(email)).toBe(false);
  });

  it("answers at once for input built to make a backtracking pattern slow", () => {
    for (const hostile of [
      `a@${".".repeat(32_600)}@`,
      `a@${"b.".repeat(20_000)}@`,
      `${"a".repeat(40_000)}@${"b".repeat(40_000)}`,
    ]) {
      const started = performance.now();
      expect(isEmailShape(hostile)).toBe(false);
      expect(performance.now() - started).toBeLessThan(20);
    }
  });
});

describe("emailKey", () => {
  it("is the same for one address in another case or Unicode form", () => {
    expect(emailKey(" Ada@Example.COM ")).toBe("ada@example.com");
    expect(emailKey("café@example.com")).toBe(emailKey("cafe\u0301@example.com"));
  });
});
