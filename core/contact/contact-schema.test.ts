import { describe, expect, it } from "vitest";
import { CONTACT_MESSAGE_MAX_LENGTH } from "./contact-fields.ts";
import { contactFormErrors, contactFormSchema, isHoneypotFilled } from "./contact-schema.ts";

const valid = { email: "ada@example.com", message: "Hello, do you stock parylene-coated magnets?" };

describe("contact form schema (SPEC §5)", () => {
  it("accepts a valid message and trims it", () => {
    expect(contactFormSchema.parse({ email: " ada@example.com ", message: "  hi  " })).toEqual({
      email: "ada@example.com",
      message: "hi",
    });
  });

  it("requires an email", () => {
    expect(contactFormErrors({ ...valid, email: "" })).toEqual({ email: "Email is required" });
    expect(contactFormErrors({ message: valid.message })).toEqual({ email: "Email is required" });
    expect(contactFormErrors({ ...valid, email: "   " })).toEqual({ email: "Email is required" });
  });

  it.each([
    "ada",
    "ada@example",
    "@example.com",
    "ada@.com",
    "ada @example.com",
    "ada@exa mple.com",
    "ada@example.",
  ])("rejects %j as 'Invalid email format'", (email) => {
    expect(contactFormErrors({ ...valid, email })).toEqual({ email: "Invalid email format" });
  });

  it("accepts text@text.text addresses", () => {
    for (const email of ["a@b.co", "first.last+tag@mail.example.com.au"]) {
      expect(contactFormErrors({ ...valid, email })).toEqual({});
    }
  });

  it("requires a message that is not only spaces", () => {
    expect(contactFormErrors({ ...valid, message: "" })).toEqual({
      message: "Message is required",
    });
    expect(contactFormErrors({ ...valid, message: " \n\t " })).toEqual({
      message: "Message is required",
    });
    expect(contactFormErrors({ email: valid.email })).toEqual({ message: "Message is required" });
  });

  it("allows exactly 1000 characters and refuses 1001", () => {
    expect(CONTACT_MESSAGE_MAX_LENGTH).toBe(1000);
    expect(contactFormErrors({ ...valid, message: "x".repeat(1000) })).toEqual({});
    expect(contactFormErrors({ ...valid, message: "x".repeat(1001) })).toEqual({
      message: "Message must be less than 1000 characters",
    });
  });

  it("reports both fields at once, one message each", () => {
    expect(contactFormErrors({ email: "", message: "" })).toEqual({
      email: "Email is required",
      message: "Message is required",
    });
  });

  it("refuses values that are not text", () => {
    expect(contactFormErrors({ email: ["a@b.co", "c@d.co"], message: 42 })).toEqual({
      email: "Email is required",
      message: "Message is required",
    });
  });
});

describe("honeypot", () => {
  it("is filled only when the hidden field has content", () => {
    expect(isHoneypotFilled({ ...valid })).toBe(false);
    expect(isHoneypotFilled({ ...valid, company: "" })).toBe(false);
    expect(isHoneypotFilled({ ...valid, company: "Acme Pty Ltd" })).toBe(true);
    expect(isHoneypotFilled(null)).toBe(false);
  });
});
