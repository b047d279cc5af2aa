import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { pageCspExtras } from "./page-csp.ts";
import { pageQueriesOf } from "./page-queries.ts";
import type { Site } from "./site-routes.ts";
import { loadStaticFiles } from "./static-files.ts";

/**
 * The output of `npm run build`: the client files (prerendered pages, assets) and React
 * Router's server build, whose handler renders everything else.
 */
export async function loadSite(buildDir: string, mode: string): Promise<Site> {
  const serverBuild = path.join(buildDir, "server", "index.js");
  try {
    const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
    const files = await loadStaticFiles(path.join(buildDir, "client"), pageCspExtras);
    return {
      files,
      renderPage: createRequestHandler(build, mode),
      cspExtras: pageCspExtras,
      pageQueries: pageQueriesOf(build),
    };
  } catch (error) {
    throw new Error(
      `Could not load the built site in ${buildDir}; run "npm run build" first (${String(error)})`,
    );
  }
}
