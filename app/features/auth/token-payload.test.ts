import { describe, expect, it } from "vitest";
import { readTokenPayload } from "./token-payload.ts";

function tokenWith(payload: unknown): string {
  const json = JSON.stringify(payload);
  const base64 = btoa(String.fromCharCode(...new TextEncoder().encode(json)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  return `header.${base64}.signature`;
}

describe("readTokenPayload", () => {
  it("reads the username and expiry of a JWT payload", () => {
    expect(readTokenPayload(tokenWith({ username: "ada", exp: 10 }))).toEqual({
      username: "ada",
      exp: 10,
    });
  });

  it("decodes non-ASCII usernames", () => {
    expect(readTokenPayload(tokenWith({ username: "Zoë" }))?.username).toBe("Zoë");
  });

  it.each([null, "", "not-a-token", "a.%%%.c", tokenWith({ user: "x" }), tokenWith("str")])(
    "returns null for %s",
    (token) => {
      expect(readTokenPayload(token)).toBeNull();
    },
  );
});
