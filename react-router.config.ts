import type { Config } from "@react-router/dev/config";
import path from "node:path";
import { notFoundPrerenderPath, prerenderedCaseVariants } from "./app/paths";
import { siteUrl } from "./core/site-url";
import { buildSearchRenderer } from "./scripts/build-search-renderer";
import { deferHydrationInBuild } from "./scripts/defer-hydration";
import { writeSeoFiles } from "./scripts/seo-files";

export default {
  appDirectory: "app",
  ssr: false,
  // Every static route ships as real HTML. The case variants of SPEC §2 (/cytheseus,
  // /Terminologies, …) get their own file so the static server finds them, and the 404
  // screen is prerendered once so the server can answer unknown paths with it.
  async prerender({ getStaticPaths }) {
    const staticPaths = getStaticPaths();
    return [...staticPaths, ...prerenderedCaseVariants(staticPaths), notFoundPrerenderPath];
  },
  async buildEnd({ reactRouterConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, "client");
    deferHydrationInBuild(clientDir);
    writeSeoFiles(clientDir, siteUrl(process.env));
    await buildSearchRenderer(reactRouterConfig.buildDirectory);
  },
} satisfies Config;
