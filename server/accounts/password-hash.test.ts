import { describe, expect, it } from "vitest";
import {
  createPasswordHasher,
  hashPassword,
  needsRehash,
  OWASP_SCRYPT_COST,
  verifyPassword,
} from "./password-hash.ts";

const cheap = { N: 2 ** 10, r: 8, p: 1 };

describe("password hashing", () => {
  it("defaults to the OWASP scrypt parameters", async () => {
    expect(OWASP_SCRYPT_COST).toEqual({ N: 131072, r: 8, p: 1 });
    const stored = await createPasswordHasher().hash("correct horse");
    expect(stored).toMatch(/^scrypt\$N=131072,r=8,p=1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
  });

  it("verifies the right password only", async () => {
    const stored = await hashPassword("correct horse", cheap);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct hors", stored)).toBe(false);
    expect(await verifyPassword("Correct horse", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same", cheap)).not.toBe(await hashPassword("same", cheap));
  });

  it.each(["", "plain", "scrypt$N=1024,r=8,p=1$abc", "scrypt$N=2097152,r=8,p=1$YWJj$YWJj"])(
    "refuses the malformed or oversized stored value %j",
    async (stored) => {
      expect(await verifyPassword("anything", stored)).toBe(false);
    },
  );

  it("asks for a rehash when the stored parameters are weaker", async () => {
    const weak = await hashPassword("pw", cheap);
    expect(needsRehash(weak, OWASP_SCRYPT_COST)).toBe(true);
    expect(needsRehash(weak, cheap)).toBe(false);
    expect(needsRehash("garbage", cheap)).toBe(true);
  });

  it("answers false for an unknown user after doing the same work", async () => {
    const hasher = createPasswordHasher(cheap);
    expect(await hasher.verifyUnknownUser("anything")).toBe(false);
  });
});
