import path from "node:path";
import { build } from "vite";
import { siteUrl } from "../core/site-url";
import { aliases } from "../vite.config";

/** Where the renderer lands inside the build directory; server/config.ts looks there. */
export const SEARCH_RENDERER_DIR = "search-renderer";

/**
 * Builds app/features/search/search-page-markup.tsx for Node, so the server can render the
 * results of a full page load of /search?q= into the HTML (docs/decisions/009). Same aliases
 * and CSS Modules naming as the site build, so the class names match the site's stylesheet;
 * React and React Router stay in node_modules.
 */
export async function buildSearchRenderer(buildDirectory: string) {
  await build({
    configFile: false,
    publicDir: false,
    logLevel: "warn",
    resolve: { alias: aliases },
    define: { "import.meta.env.VITE_SITE_URL": JSON.stringify(siteUrl(process.env)) },
    build: {
      ssr: "app/features/search/search-page-markup.tsx",
      outDir: path.join(buildDirectory, SEARCH_RENDERER_DIR),
      emptyOutDir: true,
      rollupOptions: { output: { entryFileNames: "render.js" } },
    },
  });
}
