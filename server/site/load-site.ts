import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { PageContext } from "#core/pages/page-services.ts";
import { pageCspExtras } from "./page-csp.ts";
import { cataloguePagesOf, freshRequestsOf, pageQueriesOf } from "./page-queries.ts";
import type { Site } from "./site-routes.ts";
import { loadStaticFiles } from "./static-files.ts";

export async function loadSite(buildDir: string, mode: string): Promise<Site> {
  const serverBuild = path.join(buildDir, "server", "index.js");
  try {
    const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
    const files = await loadStaticFiles(path.join(buildDir, "client"), pageCspExtras);
    const handler = createRequestHandler(build, mode);
    const { pageContext } = buildContext(build);
    return {
      files,
      renderPage: (request, context) => handler(request, pageContext(context)),
      cspExtras: pageCspExtras,
      pageQueries: pageQueriesOf(build),
      cataloguePages: cataloguePagesOf(build),
      freshRequests: freshRequestsOf(build),
    };
  } catch (error) {
    throw new Error(
      `Could not load the built site in ${buildDir}; run "npm run build" first (${String(error)})`,
    );
  }
}

/** Route modules read the context objects of their own build, so its maker comes from it. */
export function buildContext(build: ServerBuild) {
  const entry = build.entry.module as unknown as {
    pageContext?: (context: PageContext) => RouterContextProvider;
  };
  if (!entry.pageContext) throw new Error("the server build exports no pageContext");
  return { pageContext: entry.pageContext };
}
