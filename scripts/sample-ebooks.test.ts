import { readFile } from "node:fs/promises";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { parseProductsCsv } from "../core/catalog/parse-products.ts";
import { productFileFormatOf } from "../core/catalog/product-files.ts";
import {
  buildSampleEpub,
  buildSamplePdf,
  parseSampleChapter,
  sampleBooks,
  type SampleBook,
} from "./sample-ebooks.ts";

const samplesDir = path.resolve("content/samples");

/** The names of a ZIP's entries in file order, from their local headers. */
function zipEntries(zip: Buffer): { name: string; stored: boolean }[] {
  const entries = [];
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const flags = zip.readUInt16LE(at + 6);
    const method = zip.readUInt16LE(at + 8);
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    const name = zip.toString("utf8", at + 30, at + 30 + nameLength);
    entries.push({ name, stored: method === 0 });
    // A streamed entry (flag 8) has its sizes after the data: stop at the first one.
    if (flags & 8) break;
    at += 30 + nameLength + extraLength + size;
  }
  return entries;
}

async function expectValidEpub(epub: Buffer) {
  expect(productFileFormatOf(epub)).toBe("epub");
  const [first] = zipEntries(epub);
  expect(first).toEqual({ name: "mimetype", stored: true });
  // The central directory names every entry; an EPUB 3 has a navigation document.
  const text = epub.toString("latin1");
  for (const entry of ["META-INF/container.xml", ".opf", "nav.xhtml"]) {
    expect(text.includes(entry), entry).toBe(true);
  }
}

async function expectValidPdf(pdf: Buffer, title: string) {
  expect(productFileFormatOf(pdf)).toBe("pdf");
  const document = await PDFDocument.load(pdf);
  expect(document.getPageCount()).toBeGreaterThanOrEqual(1);
  expect(document.getTitle()).toBe(`${title} (sample chapter)`);
}

describe("the shop's sample eBooks", () => {
  it("has a sample EPUB and PDF for every eBook work of content/products.csv", async () => {
    const csv = await readFile("content/products.csv", "utf8");
    const books = await sampleBooks(parseProductsCsv(csv), samplesDir);
    const ebookWorks = new Set(
      parseProductsCsv(csv)
        .filter((product) => product.type === "eBook")
        .map((product) => product.name),
    );
    expect(books.map((book) => book.title).sort()).toEqual([...ebookWorks].sort());
    for (const book of books) {
      expect(book.chapter.heading).toMatch(/^Sample: /);
      await expectValidEpub(await readFile(path.join(samplesDir, `${book.work}.epub`)));
      await expectValidPdf(await readFile(path.join(samplesDir, `${book.work}.pdf`)), book.title);
    }
  });

  it("builds a valid EPUB 3 and PDF from a chapter's text", async () => {
    const book: SampleBook = {
      work: "test-work",
      title: "A Test Work",
      publisher: "Kybernetes Press",
      isbn: "978-0-0000000-0-0",
      published: "2026-01-01",
      chapter: parseSampleChapter(
        "# Sample: The First Page\n\nOne paragraph & a second <line>.\n\nAnother paragraph.",
      ),
    };
    const [epub, pdf] = await Promise.all([buildSampleEpub(book), buildSamplePdf(book)]);
    await expectValidEpub(epub);
    await expectValidPdf(pdf, "A Test Work");
  });

  it("refuses a chapter that does not say it is a sample", () => {
    expect(() => parseSampleChapter("# Chapter One\n\nText.")).toThrow(/Sample/);
    expect(parseSampleChapter("# Sample: One\n\nA\nwrapped line.\n\nB.")).toEqual({
      heading: "Sample: One",
      paragraphs: ["A wrapped line.", "B."],
    });
  });
});
