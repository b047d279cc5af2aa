/**
 * Validates content/ exactly as the server does at start: every product row, every glossary
 * row, and the page files search reads. Prints the first problem (file, line, column) and
 * exits 1; `npm run build` runs it through the content-data Vite plugin.
 *
 *   node --import tsx scripts/check-content.ts [contentDir]
 */
import path from "node:path";
import { loadCatalog } from "../server/catalog/load-catalog.ts";

const contentDir = path.resolve(process.argv[2] ?? "content");

try {
  const catalog = await loadCatalog(contentDir);
  const terms = catalog.pages.filter((page) => page.kind === "glossary").length;
  console.log(
    `content is valid: ${catalog.products.length} products, ${terms} glossary terms, ${catalog.pages.length - terms} searchable pages`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
