import { describe, expect, it } from "vitest";
import { readLinkToken } from "./use-link-token.ts";

describe("readLinkToken", () => {
  it("reads the token from the query, where the e-mails put it", () => {
    expect(readLinkToken({ hash: "", search: "?token=abc.DEF_-1" })).toBe("abc.DEF_-1");
  });

  it("reads #token= from links e-mailed before decision 021", () => {
    expect(readLinkToken({ hash: "#token=a%2Eb", search: "" })).toBe("a.b");
  });

  it("prefers the query and finds nothing in an empty address", () => {
    expect(readLinkToken({ hash: "#token=other", search: "?token=abc" })).toBe("abc");
    expect(readLinkToken({ hash: "", search: "" })).toBeNull();
    expect(readLinkToken({ hash: "#token=", search: "?token=%20" })).toBeNull();
  });
});
