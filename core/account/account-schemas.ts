import { z } from "../validation/zod.ts";
import { ACCOUNT_LIMITS } from "./account-limits.ts";

/** SPEC §5: text, @, text, dot, text, with no spaces. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function requiredText(label: string) {
  return z.string({
    error: (issue) =>
      issue.input === undefined ? `${label} is required` : `${label} must be text`,
  });
}

export const usernameSchema = requiredText("Username")
  .trim()
  .min(1, "Username is required")
  .max(
    ACCOUNT_LIMITS.usernameMax,
    `Username must be at most ${ACCOUNT_LIMITS.usernameMax} characters`,
  );

export const emailSchema = requiredText("Email")
  .trim()
  .min(1, "Email is required")
  .max(ACCOUNT_LIMITS.emailMax, `Email must be at most ${ACCOUNT_LIMITS.emailMax} characters`)
  .regex(EMAIL_SHAPE, "Invalid email format");

// Passwords are used exactly as typed (never trimmed): changing what the user chose would make
// a password with a leading or trailing space fail at login.
export const passwordSchema = requiredText("Password")
  .min(1, "Password is required")
  .min(
    ACCOUNT_LIMITS.passwordMin,
    `Password must be at least ${ACCOUNT_LIMITS.passwordMin} characters`,
  )
  .max(
    ACCOUNT_LIMITS.passwordMax,
    `Password must be at most ${ACCOUNT_LIMITS.passwordMax} characters`,
  );

/** Sign-up form and `POST /api/signup`. */
export const signupSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignupInput = z.input<typeof signupSchema>;
export type Signup = z.output<typeof signupSchema>;

/**
 * Login form and `POST /api/login`. Only presence is checked: any wrong pair, however long,
 * gets the same generic answer, so the limits of sign-up are not applied here (the body limit
 * still bounds the size).
 */
export const loginSchema = z.object({
  username: requiredText("Username").trim().min(1, "Username is required").max(200),
  password: requiredText("Password").min(1, "Password is required").max(200),
});
export type LoginInput = z.input<typeof loginSchema>;

const blankAsUnchanged = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/**
 * Account edit form and `POST /api/update-account`: every field optional, an empty field
 * leaves the value unchanged, a filled one follows the sign-up rules.
 */
export const updateAccountSchema = z
  .object({
    username: z.preprocess(blankAsUnchanged, usernameSchema.optional()),
    email: z.preprocess(blankAsUnchanged, emailSchema.optional()),
    password: z.preprocess(blankAsUnchanged, passwordSchema.optional()),
  })
  .refine(
    (input) =>
      input.username !== undefined || input.email !== undefined || input.password !== undefined,
    { message: "Enter a new username, email or password to change" },
  );
export type UpdateAccountInput = z.input<typeof updateAccountSchema>;
export type UpdateAccount = z.output<typeof updateAccountSchema>;
