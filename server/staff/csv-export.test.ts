import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { toCsv } from "./csv-export.ts";

describe("toCsv", () => {
  it("writes RFC 4180: CRLF rows, quoted commas, quotes and line breaks, a BOM for Excel", () => {
    const csv = toCsv(
      ["name", "note"],
      [
        ["Ada, Countess", 'She said "hi"'],
        ["Zoë", "two\r\nlines"],
      ],
    );
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toBe(
      '\uFEFFname,note\r\n"Ada, Countess","She said ""hi"""\r\nZoë,"two\r\nlines"\r\n',
    );
    const parsed = Papa.parse<string[]>(csv.slice(1).trimEnd(), { newline: "\r\n" });
    expect(parsed.data).toEqual([
      ["name", "note"],
      ["Ada, Countess", 'She said "hi"'],
      ["Zoë", "two\r\nlines"],
    ]);
  });

  it.each(["=1+1", "+61 2 9999", "-2", "@SUM(A1)", "\tcmd", '=HYPERLINK("x")\nsecond line'])(
    "makes %j inert in a spreadsheet",
    (cell) => {
      const csv = toCsv(["cell"], [[cell]]);
      const [, row] = Papa.parse<string[]>(csv.slice(1).trimEnd(), { newline: "\r\n" }).data;
      expect(row?.[0]).toBe(`'${cell}`);
    },
  );

  it("leaves numbers and ordinary text as they are", () => {
    expect(toCsv(["a", "b"], [["45.98", 12]])).toBe("\uFEFFa,b\r\n45.98,12\r\n");
  });
});
