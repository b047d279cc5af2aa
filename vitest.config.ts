import { defineConfig } from "vitest/config";
import { mdxPlugin } from "./vite.config.ts";

export default defineConfig({
  test: {
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
          include: ["app/**/*.test.{ts,tsx}"],
          setupFiles: ["./app/test/setup.ts"],
        },
      },
    ],
  },
});
