import type { Config } from "@react-router/dev/config";
import path from "node:path";
import { prerenderPaths } from "./app/paths.ts";
import { precompressClientFiles } from "./build-plugins/precompress.ts";

export default {
  appDirectory: "app",
  // BUILD_DIR as the server reads it (server/config.ts): several builds can sit side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Server rendering for the routes whose HTML depends on the request (decision 011); every
  // other route is prerendered to a file that the server sends as it is.
  ssr: true,
  prerender: ({ getStaticPaths }) => prerenderPaths(getStaticPaths()),
  // After the prerendered pages are written: the server serves these copies as they are.
  async buildEnd({ reactRouterConfig }) {
    await precompressClientFiles(path.join(reactRouterConfig.buildDirectory, "client"));
  },
  // React Router 8's behaviour, adopted now: loaders and actions read services from a typed
  // context (app/load-context.ts), route modules split their client code, and data requests
  // keep the address as the browser has it.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
