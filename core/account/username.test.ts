import { describe, expect, it } from "vitest";
import { mixesLookAlikeScripts, usernameKey } from "./username.ts";

describe("usernameKey", () => {
  it("is one key for the same name in any case or Unicode form", () => {
    expect(usernameKey("Alice")).toBe(usernameKey("alice"));
    expect(usernameKey("café")).toBe(usernameKey("cafe\u0301"));
    expect(usernameKey("ＡＬＩＣＥ")).toBe("alice");
    expect(usernameKey("STRASSE")).toBe(usernameKey("strasse"));
  });

  it("keeps different names apart", () => {
    expect(usernameKey("alice")).not.toBe(usernameKey("alicia"));
  });
});

describe("mixesLookAlikeScripts", () => {
  it("catches a Cyrillic letter among Latin ones", () => {
    expect(mixesLookAlikeScripts("\u0430lice")).toBe(true);
    expect(mixesLookAlikeScripts("p\u03bfwer")).toBe(true);
  });

  it.each(["alice", "Мария", "Ελένη", "ada_2", "東京ada", "佐藤さん"])("allows %s", (name) => {
    expect(mixesLookAlikeScripts(name)).toBe(false);
  });
});
