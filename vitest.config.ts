import { defineConfig } from "vitest/config";
import { aliases, mdxPlugin } from "./vite.config.ts";

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    projects: [
      {
        resolve: { alias: aliases },
        test: {
          name: "node",
          environment: "node",
          include: ["core/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Component tests render content/pages/*.mdx as the site does.
        plugins: [mdxPlugin()],
        resolve: { alias: aliases },
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
