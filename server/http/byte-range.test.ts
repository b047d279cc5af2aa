import { describe, expect, it } from "vitest";
import { readRange } from "./byte-range.ts";

const ETAG = '"abc123"';
const read = (range: string | undefined, ifRange?: string) => readRange(range, ifRange, 1000, ETAG);

describe("readRange (RFC 9110 §14, read strictly)", () => {
  it("serves one well-formed range as a part, clamped to the file", () => {
    expect(read("bytes=0-99")).toEqual({ kind: "part", start: 0, end: 99 });
    expect(read("bytes=100-")).toEqual({ kind: "part", start: 100, end: 999 });
    expect(read("bytes=990-5000")).toEqual({ kind: "part", start: 990, end: 999 });
    expect(read("bytes=-10")).toEqual({ kind: "part", start: 990, end: 999 });
    expect(read("bytes=-5000")).toEqual({ kind: "part", start: 0, end: 999 });
    // The unit is compared without regard to case.
    expect(read("Bytes=5-5")).toEqual({ kind: "part", start: 5, end: 5 });
  });

  it("sends the whole file for no Range, and ignores every Range it does not serve as one part", () => {
    expect(read(undefined)).toEqual({ kind: "whole" });
    for (const [range, why] of [
      ["bytes=abc", "malformed"],
      ["bytes= 0-", "malformed"],
      ["bytes=0- ", "malformed"],
      ["bytes=5-2", "malformed"],
      ["bytes=-", "malformed"],
      ["bytes=", "malformed"],
      ["bytes=1.5-", "malformed"],
      ["bytes=+1-", "malformed"],
      ["bytes=1-,0-0", "multiple"],
      ["bytes=0-0,-1", "multiple"],
      ["bytes=0-,", "multiple"],
      ["items=0-", "unit"],
      ["none", "unit"],
      [" bytes=0-", "unit"],
    ] as const) {
      expect(read(range), range).toEqual({ kind: "whole", ignored: why });
    }
  });

  it("finds a range past the end, or an empty suffix, unsatisfiable", () => {
    expect(read("bytes=1000-")).toEqual({ kind: "unsatisfiable" });
    expect(read("bytes=99999999999999999999-")).toEqual({ kind: "unsatisfiable" });
    expect(read("bytes=-0")).toEqual({ kind: "unsatisfiable" });
    expect(readRange("bytes=-5", undefined, 0, ETAG)).toEqual({ kind: "unsatisfiable" });
  });

  it("serves the part only when If-Range names this file by its entity tag", () => {
    expect(read("bytes=100-", ETAG)).toEqual({ kind: "part", start: 100, end: 999 });
    for (const ifRange of ['"other"', `W/${ETAG}`, "Wed, 21 Oct 2015 07:28:00 GMT", ""]) {
      expect(read("bytes=100-", ifRange), ifRange).toEqual({ kind: "whole", ignored: "if_range" });
    }
  });
});
