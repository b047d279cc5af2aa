/**
 * `npm run samples`: builds the shop's sample chapters (content/samples/<work>.md, written for
 * this shop) into a valid EPUB 3 (nodepub) and PDF (pdfkit) beside them, one pair per eBook
 * work of content/products.csv. The files are committed: a new database is seeded with them
 * (is_sample, listed by `npm run check:launch` until staff upload the real books). Building
 * them at every seed would cost each test database about a second (docs/decisions/023).
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import nodepub from "nodepub";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { parseProductsCsv } from "../core/catalog/parse-products.ts";
import type { Product } from "../core/catalog/product.ts";
import { isDigitalType } from "../core/catalog/product-files.ts";
import { workOf } from "../core/catalog/slug.ts";

export interface SampleChapter {
  /** The chapter's title, which says it is a sample. */
  heading: string;
  paragraphs: string[];
}

export interface SampleBook {
  work: string;
  title: string;
  publisher: string;
  isbn: string;
  published: string;
  chapter: SampleChapter;
}

/** A sample's text: a `# Sample: …` heading, then paragraphs separated by blank lines. */
export function parseSampleChapter(text: string): SampleChapter {
  const [first = "", ...rest] = text.trim().split(/\n\s*\n/);
  const heading = first.replace(/^#\s*/, "").trim();
  if (!first.startsWith("#") || !/^Sample\b/.test(heading)) {
    throw new Error(`A sample chapter starts with "# Sample: …", not ${JSON.stringify(first)}`);
  }
  return { heading, paragraphs: rest.map((paragraph) => paragraph.replace(/\s+/g, " ").trim()) };
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain cover that says what the file is: the title, and "Sample chapter". */
async function coverPng(book: SampleBook): Promise<Buffer> {
  const words = book.title.split(" ");
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 22)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const title = lines
    .map((line, index) => `<tspan x="300" dy="${index === 0 ? 0 : 56}">${escapeXml(line)}</tspan>`)
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900">
  <rect width="600" height="900" fill="#0f3d3e"/>
  <text x="300" y="260" font-family="sans-serif" font-size="46" font-weight="bold" fill="#f4f1ea" text-anchor="middle">${title}</text>
  <text x="300" y="700" font-family="sans-serif" font-size="40" fill="#f0b429" text-anchor="middle">Sample chapter</text>
  <text x="300" y="800" font-family="sans-serif" font-size="26" fill="#f4f1ea" text-anchor="middle">${escapeXml(book.publisher)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The sample as an EPUB 3: the cover, then the chapter (mimetype first, stored). */
export async function buildSampleEpub(book: SampleBook): Promise<Buffer> {
  const folder = await mkdtemp(path.join(tmpdir(), "sample-epub-"));
  try {
    const cover = path.join(folder, "cover.png");
    await writeFile(cover, await coverPng(book));
    const epub = nodepub.document({
      epubVersion: 3,
      id: book.isbn,
      cover,
      title: `${book.title} (sample chapter)`,
      author: book.publisher,
      publisher: book.publisher,
      language: "en",
      published: book.published,
      description: `A sample chapter written by Kybernetes for its shop: not an excerpt of ${book.title}.`,
      copyright: `Kybernetes Pty Ltd, ${new Date().getFullYear()}`,
      showContents: false,
    });
    const body = book.chapter.paragraphs.map((paragraph) => `<p>${escapeXml(paragraph)}</p>`);
    epub.addSection(
      book.chapter.heading,
      `<h1>${escapeXml(book.chapter.heading)}</h1>${body.join("")}`,
    );
    await epub.writeEPUB(folder, "sample");
    return await readFile(path.join(folder, "sample.epub"));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The sample as a PDF (A5, the built-in Times fonts: nothing to embed). */
export async function buildSamplePdf(book: SampleBook): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A5",
    margin: 54,
    info: {
      Title: `${book.title} (sample chapter)`,
      Author: book.publisher,
      Subject: "A sample chapter written by Kybernetes for its shop",
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.font("Times-Bold").fontSize(18).text(book.title, { align: "center" });
  doc.moveDown(0.5);
  doc.font("Times-Roman").fontSize(12).text(book.publisher, { align: "center" });
  doc.moveDown(2);
  doc.font("Times-Bold").fontSize(15).text(book.chapter.heading);
  doc.moveDown(1);
  doc.font("Times-Roman").fontSize(11);
  for (const paragraph of book.chapter.paragraphs) {
    doc.text(paragraph, { align: "justify", lineGap: 2 });
    doc.moveDown(0.8);
  }
  doc.end();
  return done;
}

/** The eBooks of a catalogue with a sample chapter in `samplesDir`, one per work. */
export async function sampleBooks(products: readonly Product[], samplesDir: string) {
  const books: SampleBook[] = [];
  const seen = new Set<string>();
  for (const product of products) {
    const work = workOf(product);
    if (!isDigitalType(product.type) || seen.has(work)) continue;
    seen.add(work);
    const text = await readFile(path.join(samplesDir, `${work}.md`), "utf8").catch(() => undefined);
    if (text === undefined) continue;
    books.push({
      work,
      title: product.name,
      publisher: product.publisher ?? "Kybernetes",
      isbn: product.isbn ?? `urn:kybernetes:${work}`,
      published: product.publicationDate ?? "2026-01-01",
      chapter: parseSampleChapter(text),
    });
  }
  return books;
}

const runDirectly =
  process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;

if (runDirectly) {
  const contentDir = path.resolve("content");
  const samplesDir = path.join(contentDir, "samples");
  const csv = await readFile(path.join(contentDir, "products.csv"), "utf8");
  const books = await sampleBooks(parseProductsCsv(csv, "content/products.csv"), samplesDir);
  for (const book of books) {
    const started = performance.now();
    const [epub, pdf] = await Promise.all([buildSampleEpub(book), buildSamplePdf(book)]);
    await writeFile(path.join(samplesDir, `${book.work}.epub`), epub);
    await writeFile(path.join(samplesDir, `${book.work}.pdf`), pdf);
    console.log(
      `${book.work}: EPUB ${epub.length} bytes, PDF ${pdf.length} bytes, ${Math.round(performance.now() - started)} ms`,
    );
  }
}
