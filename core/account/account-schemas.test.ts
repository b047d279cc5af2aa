import { describe, expect, it } from "vitest";
import { fastestOfThree } from "../testing/fastest-of-three.ts";
import { fieldErrors } from "../validation/field-errors.ts";
import { contactFormSchema } from "../contact/contact-schema.ts";
import { placeOrderSchema } from "../orders/order-schemas.ts";
import {
  PASSWORDS_DIFFER,
  resetPasswordFormSchema,
  forgotPasswordSchema,
  loginSchema,
  signupSchema,
  updateAccountSchema,
} from "./account-schemas.ts";

function messages(result: { success: boolean; error?: unknown }) {
  if (result.success) return {};
  return fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
}

const valid = { username: "ada", email: "ada@example.com", password: "correct horse" };

describe("signupSchema", () => {
  it("accepts a valid sign-up and trims username and email, not the password", () => {
    const parsed = signupSchema.parse({
      username: "  ada ",
      email: " ada@example.com ",
      password: " spaced pass ",
    });
    expect(parsed).toEqual({
      username: "ada",
      email: "ada@example.com",
      password: " spaced pass ",
    });
  });

  it.each([
    [
      {},
      {
        username: "Username is required",
        email: "Email is required",
        password: "Password is required",
      },
    ],
    [
      { username: "   ", email: "", password: "" },
      {
        username: "Username is required",
        email: "Email is required",
        password: "Password is required",
      },
    ],
    [
      { ...valid, username: "a".repeat(21) },
      { username: "Username must be at most 20 characters" },
    ],
    [
      { ...valid, email: `${"a".repeat(40)}@example.com` },
      { email: "Email must be at most 50 characters" },
    ],
    [{ ...valid, email: "ada@example" }, { email: "Invalid email format" }],
    [{ ...valid, email: "ada lovelace@example.com" }, { email: "Invalid email format" }],
    [{ ...valid, password: "short" }, { password: "Password must be at least 8 characters" }],
    [
      { ...valid, password: "p".repeat(65) },
      { password: "Password must be at most 64 characters" },
    ],
    [{ ...valid, username: 42 }, { username: "Username must be text" }],
  ])("rejects %o with the SPEC messages", (input, expected) => {
    expect(messages(signupSchema.safeParse(input))).toEqual(expected);
  });

  it("accepts the limits exactly", () => {
    const email = `${"a".repeat(38)}@example.com`;
    expect(email).toHaveLength(50);
    const result = signupSchema.safeParse({
      username: "u".repeat(20),
      email,
      // A passphrase as long as ASVS asks to be allowed (SPEC's 30 is overridden, issue 23).
      password: "p".repeat(64),
    });
    expect(result.success).toBe(true);
  });
});

describe("every e-mail field: exactly one plain address (issue 23)", () => {
  const fields = {
    "sign-up": (email: string) => signupSchema.safeParse({ ...valid, email }),
    "account update": (email: string) =>
      updateAccountSchema.safeParse({ email, currentPassword: "old secret" }),
    "forgot password": (email: string) => forgotPasswordSchema.safeParse({ email }),
    contact: (email: string) => contactFormSchema.safeParse({ email, message: "Hello" }),
    checkout: (email: string) => placeOrderSchema.shape.email.safeParse(email),
  };
  const emailMessage = (result: {
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) =>
    result.error?.issues.find((issue) => [undefined, "email"].includes(issue.path[0] as string))
      ?.message;

  it.each([
    "victim,attacker@evil.example",
    "victim@example.com, attacker@evil.example",
    "victim@example.com;attacker@evil.example",
    "shop<attacker@evil.example>",
    "Shop <attacker@evil.example>",
    '"shop"@evil.example',
    "shop(x)@evil.example",
    "a@example.com\nBcc: attacker@evil.example",
  ])("refuses %j in each with 'Invalid email format'", (email) => {
    for (const [name, parse] of Object.entries(fields)) {
      const result = parse(email);
      expect(result.success, name).toBe(false);
      expect(emailMessage(result), name).toMatch(/^(Invalid email format|Email contains)/);
    }
  });

  it("stores an internationalised domain in its ASCII form", () => {
    for (const parse of Object.values(fields)) {
      const result = parse("jo@müller.de");
      expect(result.success).toBe(true);
      expect(JSON.stringify(result.data)).toContain("jo@xn--mller-kva.de");
    }
  });
});

describe("characters that hide or break text", () => {
  it.each(["ada\u0000", "ada\u200b", "\u202eada", "ada\u3164"])(
    "refuses %j in a username or an email with a field message",
    (bad) => {
      expect(messages(signupSchema.safeParse({ ...valid, username: bad }))).toEqual({
        username: "Username contains invisible or control characters. Please retype it.",
      });
      expect(messages(signupSchema.safeParse({ ...valid, email: `${bad}@example.com` }))).toEqual({
        email: "Email contains invisible or control characters. Please retype it.",
      });
      expect(messages(loginSchema.safeParse({ username: bad, password: "x" }))).toEqual({
        username: "Username contains invisible or control characters. Please retype it.",
      });
    },
  );

  it("stores usernames NFKC-normalised and refuses look-alike mixes", () => {
    expect(signupSchema.parse({ ...valid, username: "cafe\u0301" }).username).toBe("café");
    expect(signupSchema.parse({ ...valid, username: "ＡＤＡ" }).username).toBe("ADA");
    expect(messages(signupSchema.safeParse({ ...valid, username: "\u0430lice" }))).toEqual({
      username: "Username must not mix letters from different alphabets",
    });
  });

  it("checks the length before the shape, so a long address never reaches the pattern", () => {
    const hostile = `a@${".".repeat(32_600)}@`;
    const check = () =>
      expect(messages(signupSchema.safeParse({ ...valid, email: hostile }))).toEqual({
        email: "Email must be at most 50 characters",
      });
    expect(fastestOfThree(check)).toBeLessThan(20);
  });
});

describe("loginSchema", () => {
  it("only requires both fields", () => {
    expect(messages(loginSchema.safeParse({ username: " ", password: "" }))).toEqual({
      username: "Username is required",
      password: "Password is required",
    });
    expect(loginSchema.safeParse({ username: "x", password: "y" }).success).toBe(true);
  });
});

describe("updateAccountSchema", () => {
  it("treats empty fields as unchanged", () => {
    expect(
      updateAccountSchema.parse({
        username: "",
        email: "new@example.com",
        password: " ",
        currentPassword: "old secret",
      }),
    ).toEqual({
      email: "new@example.com",
      currentPassword: "old secret",
    });
  });

  it("applies the sign-up rules to filled fields", () => {
    expect(
      messages(
        updateAccountSchema.safeParse({
          username: "u".repeat(21),
          email: "nope",
          password: "short",
        }),
      ),
    ).toEqual({
      username: "Username must be at most 20 characters",
      email: "Invalid email format",
      password: "Password must be at least 8 characters",
      currentPassword: "Enter your current password to change your email or password",
    });
  });

  it("asks for the current password to change the email or the password, not the username", () => {
    for (const change of [{ email: "new@example.com" }, { password: "a new secret" }]) {
      expect(messages(updateAccountSchema.safeParse(change))).toEqual({
        currentPassword: "Enter your current password to change your email or password",
      });
    }
    expect(updateAccountSchema.safeParse({ username: "newname" }).success).toBe(true);
  });

  it("asks for at least one change", () => {
    expect(
      messages(updateAccountSchema.safeParse({ username: "", email: "", password: "" })),
    ).toEqual({
      _: "Enter a new username, email or password to change",
    });
  });
});

describe("resetPasswordFormSchema", () => {
  const token = "Zr4b-9Qx_2mN8pLw7tVy3kHs6dJf1cGa";
  const errors = (input: Record<string, string>) => {
    const parsed = resetPasswordFormSchema.safeParse(input);
    return parsed.success ? {} : fieldErrors(parsed.error);
  };

  it("takes the new password twice, the same both times, with the link's secret", () => {
    const password = "violet lantern harbour 58";
    expect(resetPasswordFormSchema.parse({ token, password, confirmPassword: password })).toEqual({
      token,
      password,
      confirmPassword: password,
    });
    expect(errors({ token, password, confirmPassword: `${password} ` })).toEqual({
      confirmPassword: PASSWORDS_DIFFER,
    });
  });

  it("follows SPEC's password rules and asks for the second copy", () => {
    expect(errors({ token, password: "short", confirmPassword: "short" })).toEqual({
      password: "Password must be at least 8 characters",
    });
    expect(errors({ token, password: "x".repeat(65), confirmPassword: "" })).toEqual({
      password: "Password must be at most 64 characters",
      confirmPassword: "Type the new password again",
    });
    expect(errors({ token: "", password: "", confirmPassword: "" })).toMatchObject({
      token: "This link is not valid",
      password: "Password is required",
    });
  });
});
