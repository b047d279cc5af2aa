import { createSearchEngine, type SearchEngine } from "#core/search/search-engine.ts";
import { seedCatalogue } from "./catalogue-store.ts";
import { createLiveCatalogue, fixedCatalogueOf, type LiveCatalogue } from "./live-catalogue.ts";
import { loadCatalog, type Catalog } from "./load-catalog.ts";
import { loadSampleFiles } from "./sample-files.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";

/**
 * The catalogue this instance serves, and its search. The database holds the catalogue (issue
 * 25): content/products.csv fills an empty one; every instance then follows the database's
 * changes (live-catalogue.ts), and the search is rebuilt with each.
 */
export async function openCatalogue(
  config: Config,
  database: Database,
  catalog: Catalog | undefined,
) {
  const { products: seed, pages, featured } = catalog ?? (await loadCatalog(config.contentDir));
  let liveCatalogue: LiveCatalogue;
  if (database.kind === "stub") {
    liveCatalogue = fixedCatalogueOf(seed);
  } else {
    await seedCatalogue(database.db, seed, () => loadSampleFiles(config.contentDir), featured);
    liveCatalogue = await createLiveCatalogue(database.db);
  }
  let searchEngine = createSearchEngine(liveCatalogue.current().products, pages);
  liveCatalogue.onChange(({ products }) => {
    searchEngine = createSearchEngine(products, pages);
  });
  const search: SearchEngine = {
    results: (request) => searchEngine.results(request),
    suggest: (q) => searchEngine.suggest(q),
  };
  return { liveCatalogue, pages, search };
}
