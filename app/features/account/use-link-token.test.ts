import { describe, expect, it } from "vitest";
import { readLinkToken } from "./use-link-token.ts";

describe("readLinkToken", () => {
  it("reads the token from the fragment, where the e-mails put it", () => {
    expect(readLinkToken({ hash: "#token=abc.DEF_-1", search: "" })).toBe("abc.DEF_-1");
  });

  it("reads ?token= when a mail client moved it into the query", () => {
    expect(readLinkToken({ hash: "", search: "?token=abc" })).toBe("abc");
  });

  it("prefers the fragment, decodes it, and finds nothing in an empty address", () => {
    expect(readLinkToken({ hash: "#token=a%2Eb", search: "?token=other" })).toBe("a.b");
    expect(readLinkToken({ hash: "", search: "" })).toBeNull();
    expect(readLinkToken({ hash: "#token=", search: "" })).toBeNull();
  });
});
