import { describe, expect, it } from "vitest";
import { emailKey, isEmailShape, toPlainAddress } from "./email.ts";
import { fastestOfThree } from "../testing/fastest-of-three.ts";

describe("isEmailShape", () => {
  it.each([
    "ada@example.com",
    "a.b+c@mail.example.com.au",
    "x@y.zz",
    "o'brien@example.ie",
    "first_last-1@sub-domain.example.org",
    "UPPER@EXAMPLE.COM",
  ])("accepts %s", (email) => {
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
    "a..b@example.com",
    ".a@example.com",
    "a.@example.com",
    "a@-b.com",
    "a@b-.com",
    "a@1.2.3.4",
    "a@[127.0.0.1]",
    `${"a".repeat(65)}@example.com`,
    `a@${"b".repeat(64)}.com`,
    `a@${"b.".repeat(130)}com`,
  ])("refuses %s", (email) => {
    expect(isEmailShape(email)).toBe(false);
  });

  // What a hostile tester sent as a guest's e-mail: each reached nodemailer as two recipients,
  // a display name or a header of their own (issue 23).
  it.each([
    "victim,attacker@evil.example",
    "victim@example.com,attacker@evil.example",
    "victim@example.com, attacker@evil.example",
    "victim@example.com;attacker@evil.example",
    "shop<attacker@evil.example>",
    "Shop <attacker@evil.example>",
    "<attacker@evil.example>",
    "attacker@evil.example>",
    '"victim@example.com"@evil.example',
    '"a b"@example.com',
    "a(comment)@example.com",
    "attacker@evil.example(shop@example.com)",
    "a@example.com\r\nBcc: attacker@evil.example",
    "a@example.com\nattacker@evil.example",
    "a\u0000@example.com",
    "a\t@example.com",
    " a@example.com",
    "a@example.com ",
    "a\u00a0b@example.com",
    "a@exam:ple.com",
    "a@example.com/evil.example",
    "a@example.com?x=evil.example",
    "a@example.com#evil.example",
  ])("refuses %j: not one plain address", (email) => {
    expect(isEmailShape(email)).toBe(false);
  });

  it("answers at once for input built to make a backtracking pattern slow", () => {
    for (const hostile of [
      `a@${".".repeat(32_600)}@`,
      `a@${"b.".repeat(20_000)}@`,
      `${"a".repeat(40_000)}@${"b".repeat(40_000)}`,
      `${"a.".repeat(31)}a!@${"b".repeat(62)}-.com`,
      `${"a".repeat(60)},@${"b-".repeat(30)}.com`,
    ]) {
      expect(fastestOfThree(() => expect(isEmailShape(hostile)).toBe(false))).toBeLessThan(20);
    }
  });
});

describe("toPlainAddress", () => {
  it("keeps an ASCII address as typed", () => {
    expect(toPlainAddress("Ada.Lovelace@Example.COM")).toBe("Ada.Lovelace@Example.COM");
  });

  it("writes an internationalised domain in its ASCII form, which any mail server takes", () => {
    expect(toPlainAddress("jorg@müller.de")).toBe("jorg@xn--mller-kva.de");
    expect(toPlainAddress("ada@bücher.example.com.au")).toBe("ada@xn--bcher-kva.example.com.au");
  });

  it("refuses a local part outside ASCII (it would need SMTPUTF8 all the way)", () => {
    expect(toPlainAddress("jörg@example.de")).toBeUndefined();
    expect(toPlainAddress("пользователь@example.com")).toBeUndefined();
  });

  it("refuses a domain the URL parser would read as more than a host name", () => {
    for (const email of [
      "a@ü.example/x",
      "a@ü.example:25",
      "a@attacker@ü.example",
      "a@ü。example",
      "a@１２７.0.0.1",
      "a@ü.example ",
    ]) {
      expect(toPlainAddress(email)).toBeUndefined();
    }
  });
});

describe("emailKey", () => {
  it("is the same for one address in another case or Unicode form", () => {
    expect(emailKey(" Ada@Example.COM ")).toBe("ada@example.com");
    expect(emailKey("café@example.com")).toBe(emailKey("cafe\u0301@example.com"));
  });
});
