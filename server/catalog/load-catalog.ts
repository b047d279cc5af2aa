import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseProductsCsv } from "#core/catalog/parse-products.ts";
import type { Product } from "#core/catalog/product.ts";
import { parseTerminologiesCsv } from "#core/glossary/parse-terminologies.ts";
import { mdxToPlainText } from "#core/search/mdx-text.ts";
import type { PageDocument } from "#core/search/search-engine.ts";
import { glossaryTermPath } from "#core/glossary/term-path.ts";
import { searchablePages } from "#core/search/searchable-pages.ts";

export interface Catalog {
  products: readonly Product[];
  pages: readonly PageDocument[];
}

export const PRODUCTS_FILE = "products.csv";
export const TERMINOLOGIES_FILE = "terminologies.csv";

/** File names in messages are relative to the working directory, as an editor sees them. */
function displayName(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith("..") ? file : relative.split(path.sep).join("/");
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === "ENOENT" ? "file not found" : String(error);
    throw new Error(`${displayName(file)}: ${reason}`);
  }
}

/** A bad row or missing file throws, so the server refuses to start rather than serve it. */
export async function loadCatalog(contentDir: string): Promise<Catalog> {
  const productsFile = path.join(contentDir, PRODUCTS_FILE);
  const termsFile = path.join(contentDir, TERMINOLOGIES_FILE);
  const [productsCsv, termsCsv] = await Promise.all([readText(productsFile), readText(termsFile)]);
  const products = parseProductsCsv(productsCsv, displayName(productsFile));
  const terms = parseTerminologiesCsv(termsCsv, displayName(termsFile));

  const pages = await Promise.all(
    searchablePages.map(async (page): Promise<PageDocument> => {
      const text = page.content
        ? mdxToPlainText(await readText(path.join(contentDir, "pages", `${page.content}.mdx`)))
        : "";
      return { kind: "page", title: page.title, path: page.path, text };
    }),
  );
  const glossary = terms.map((term): PageDocument => ({
    kind: "glossary",
    title: term.term,
    path: glossaryTermPath(term.letter, term.term),
    text: term.definition,
  }));
  return { products, pages: [...pages, ...glossary] };
}
