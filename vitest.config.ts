import { defineConfig } from "vitest/config";
import { mdxPlugin } from "./vite.config.ts";

export default defineConfig({
  test: {
    // Vitest leaves a core free by default; on a 2-core machine that ran every file in one
    // worker, one after another. The files wait on databases and child processes as much as
    // they compute, so two workers finish in little more than half the time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "node",
          environment: "node",
          include: [
            "core/**/*.test.ts",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "build-plugins/**/*.test.ts",
            // The page script as the build bundles it, run in a JSDOM of its own.
            "app/layout/page-script.test.ts",
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Component tests render content/pages/*.mdx as the site does.
        plugins: [mdxPlugin()],
        test: {
          name: "dom",
          environment: "jsdom",
          // One jsdom per worker, each test file in a fresh VM context of it: setting up
          // jsdom for every file cost more than the tests themselves (50 s against 20 s).
          pool: "vmThreads",
          include: ["app/**/*.test.{ts,tsx}"],
          exclude: ["app/layout/page-script.test.ts"],
          setupFiles: ["./app/test/setup.ts"],
        },
      },
    ],
  },
});
