import { describe, expect, it } from "vitest";
import { fileSizeLabel, isDigitalType, productFileFormatOf } from "./product-files.ts";

/** A ZIP's first local header holding `name` with `content`, marked stored or deflated. */
function zipStart(name: string, content: string, deflated = false): Buffer {
  const data = Buffer.from(content);
  const header = Buffer.alloc(30);
  header.write("PK\x03\x04", 0, "latin1");
  header.writeUInt16LE(deflated ? 8 : 0, 8);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(content.length, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, Buffer.from(name), data, Buffer.from("PK\x01\x02")]);
}

describe("productFileFormatOf", () => {
  it("knows a PDF by its %PDF- start", () => {
    expect(productFileFormatOf(Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj"))).toBe("pdf");
  });

  it("knows an EPUB by its stored mimetype entry first", () => {
    expect(productFileFormatOf(zipStart("mimetype", "application/epub+zip"))).toBe("epub");
  });

  it.each([
    ["a ZIP whose first entry is another file", zipStart("content.opf", "application/epub+zip")],
    ["a ZIP whose mimetype says something else", zipStart("mimetype", "application/zip")],
    ["a ZIP whose mimetype is compressed", zipStart("mimetype", "application/epub+zip", true)],
    ["a PDF named late", Buffer.from(" %PDF-1.7")],
    ["a text file", Buffer.from("Chapter one. It was a dark and stormy night.")],
    ["nothing", Buffer.alloc(0)],
  ])("refuses %s", (_what, bytes) => {
    expect(productFileFormatOf(bytes)).toBeNull();
  });
});

describe("isDigitalType", () => {
  it("marks the CSV's eBook rows, however typed", () => {
    expect(isDigitalType("eBook")).toBe(true);
    expect(isDigitalType(" EBOOK ")).toBe(true);
    expect(isDigitalType("Hardback")).toBe(false);
    expect(isDigitalType("")).toBe(false);
  });
});

it("says a file's size in units people read", () => {
  expect(fileSizeLabel(900)).toBe("900 bytes");
  expect(fileSizeLabel(28_280)).toBe("28 KB");
  expect(fileSizeLabel(3.4 * 1024 * 1024)).toBe("3.4 MB");
});
