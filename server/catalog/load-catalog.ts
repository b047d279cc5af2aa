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
  /** Ids to feature on the home page of a freshly seeded shop, in order (issue 39). */
  featured?: readonly number[];
}

export const PRODUCTS_FILE = "products.csv";
/** SPEC §3 fixes products.csv's columns, so what a new shop features is a list of its own. */
export const FEATURED_FILE = "featured-products.json";
export const TERMINOLOGIES_FILE = "terminologies.csv";

/** File names in messages are relative to the working directory, as an editor sees them. */
function displayName(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith("..") ? file : relative.split(path.sep).join("/");
}

/** A JSON array of products.csv ids, each once; no file features nothing. */
async function readFeatured(file: string, products: readonly Product[]): Promise<number[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  let ids: unknown;
  try {
    ids = JSON.parse(text);
  } catch {
    throw new Error(`${displayName(file)}: not JSON; write a list of product ids, such as [12, 3]`);
  }
  if (!Array.isArray(ids) || !ids.every((id) => Number.isInteger(id))) {
    throw new Error(`${displayName(file)}: write a list of product ids, such as [12, 3]`);
  }
  const known = new Set(products.map((product) => product.id));
  const seen = new Set<number>();
  for (const id of ids as number[]) {
    if (!known.has(id))
      throw new Error(`${displayName(file)}: no product ${id} in ${PRODUCTS_FILE}`);
    if (seen.has(id)) throw new Error(`${displayName(file)}: product ${id} is listed twice`);
    seen.add(id);
  }
  return ids as number[];
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
  const featured = await readFeatured(path.join(contentDir, FEATURED_FILE), products);
  return { products, pages: [...pages, ...glossary], featured };
}
