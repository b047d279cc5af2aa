import { existsSync } from "node:fs";
import path from "node:path";
import { loadSite } from "../../server/site/load-site.ts";
import type { Database } from "../../server/db/client.ts";
import { createTestApp } from "./test-app.ts";
import { createTestDatabase } from "./test-database.ts";

// Tests of pages as the server answers them, from the real build: `npm test` builds before the
// unit and API tests; alone, run such a file after `npm run build` (without a build it skips).

/** The build `npm run build` makes (BUILD_DIR as the server reads it, for a build beside it). */
export const BUILD = path.resolve(process.env.BUILD_DIR ?? "build");

/** Whether there is a build to test: `describe.skipIf(!isBuilt)`. */
export const isBuilt = existsSync(path.join(BUILD, "server", "index.js"));

/** The app serving the built site over a database of its own (or the one given). */
export async function createBuiltSiteApp(database?: Database) {
  return createTestApp({
    database: database ?? (await createTestDatabase()),
    site: await loadSite(BUILD, "production"),
  });
}
