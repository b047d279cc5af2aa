import { z } from "../validation/zod.ts";
import { isEmailShape, toPlainAddress } from "../validation/email.ts";
import { hasUnsafeCharacters, unsafeCharactersMessage } from "../validation/safe-text.ts";
import { ACCOUNT_LIMITS } from "./account-limits.ts";
import { mixesLookAlikeScripts, normaliseUsername } from "./username.ts";

function requiredText(label: string) {
  return z.string({
    error: (issue) =>
      issue.input === undefined ? `${label} is required` : `${label} must be text`,
  });
}

/** Refuses invisible and control characters; stops there, so later checks see clean text. */
function safeLine(label: string) {
  return {
    check: (value: string) => !hasUnsafeCharacters(value),
    params: { message: unsafeCharactersMessage(label), abort: true },
  } as const;
}

const usernameSafe = safeLine("Username");

/** NFKC before the length check (what is stored is what is counted); see username.ts. */
export const usernameSchema = requiredText("Username")
  .trim()
  // A cheap bound first: nothing long reaches the character checks.
  .max(
    ACCOUNT_LIMITS.usernameMax * 4,
    `Username must be at most ${ACCOUNT_LIMITS.usernameMax} characters`,
  )
  .refine(usernameSafe.check, usernameSafe.params)
  .transform(normaliseUsername)
  .pipe(
    z
      .string()
      .min(1, "Username is required")
      .max(
        ACCOUNT_LIMITS.usernameMax,
        `Username must be at most ${ACCOUNT_LIMITS.usernameMax} characters`,
      )
      .refine((value) => !mixesLookAlikeScripts(value), {
        message: "Username must not mix letters from different alphabets",
      }),
  );

/** Exactly one plain address: no display name, second recipient or header can ride along. */
export function emailField(
  max: number,
  messages: { required: string; tooLong: string; invalid: string; notText?: string },
) {
  const safe = safeLine("Email");
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? messages.required : (messages.notText ?? messages.invalid),
    })
    .trim()
    .min(1, { message: messages.required, abort: true })
    .max(max, { message: messages.tooLong, abort: true })
    .refine(safe.check, safe.params)
    .refine(isEmailShape, messages.invalid)
    .overwrite((value) => toPlainAddress(value) ?? value);
}

export const emailSchema = emailField(ACCOUNT_LIMITS.emailMax, {
  required: "Email is required",
  tooLong: `Email must be at most ${ACCOUNT_LIMITS.emailMax} characters`,
  invalid: "Invalid email format",
  notText: "Email must be text",
});

// Never trimmed: a password with edge spaces must still log in. The server judges strength.
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

export const signupSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignupInput = z.input<typeof signupSchema>;
export type Signup = z.output<typeof signupSchema>;

const loginUsernameSafe = safeLine("Username");

/** Presence only: any wrong pair gets the same generic answer, so sign-up's limits don't apply. */
export const loginSchema = z.object({
  username: requiredText("Username")
    .trim()
    .min(1, "Username is required")
    .max(200)
    .refine(loginUsernameSafe.check, loginUsernameSafe.params)
    .transform(normaliseUsername),
  password: requiredText("Password").min(1, "Password is required").max(200),
});
export type LoginInput = z.input<typeof loginSchema>;
export type Login = z.output<typeof loginSchema>;

const blankAsUnchanged = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

export const CURRENT_PASSWORD_REQUIRED =
  "Enter your current password to change your email or password";

/** Changing the e-mail or password takes the current one, so a stolen token alone cannot. */
export const updateAccountSchema = z
  .object({
    username: z.preprocess(blankAsUnchanged, usernameSchema.optional()),
    email: z.preprocess(blankAsUnchanged, emailSchema.optional()),
    password: z.preprocess(blankAsUnchanged, passwordSchema.optional()),
    currentPassword: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      z.string({ error: "Current password must be text" }).max(200).optional(),
    ),
  })
  .refine(
    (input) =>
      input.username !== undefined || input.email !== undefined || input.password !== undefined,
    { message: "Enter a new username, email or password to change" },
  )
  .refine(
    (input) =>
      (input.email === undefined && input.password === undefined) ||
      input.currentPassword !== undefined,
    { message: CURRENT_PASSWORD_REQUIRED, path: ["currentPassword"] },
  );
export type UpdateAccountInput = z.input<typeof updateAccountSchema>;
export type UpdateAccount = z.output<typeof updateAccountSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const linkTokenSchema = z
  .string({ error: "This link is not valid" })
  // Up to 1,000: a sign-up's link carries the sealed account (server/accounts/tokens.ts).
  .regex(/^[\w.-]{20,1000}$/, "This link is not valid");

export const resetPasswordSchema = z.object({
  token: linkTokenSchema,
  password: passwordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ResetPassword = z.output<typeof resetPasswordSchema>;

export const PASSWORDS_DIFFER = "The two passwords are not the same";

/** Typed twice so a slip of the finger does not lock the person out again. */
export const resetPasswordFormSchema = z
  .object({
    token: linkTokenSchema,
    password: passwordSchema,
    confirmPassword: z
      .string({ error: "Type the new password again" })
      .min(1, "Type the new password again"),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ["confirmPassword"],
  });

export const linkSchema = z.object({ token: linkTokenSchema });
