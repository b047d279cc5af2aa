import { fileURLToPath } from "node:url";
import mdx from "@mdx-js/rollup";
import { reactRouter } from "@react-router/dev/vite";
import remarkGfm from "remark-gfm";
import { defineConfig } from "vite";
import { siteUrl } from "./core/site-url.ts";
import { contentDataPlugin } from "./scripts/content-data-plugin.ts";

const apiPort = Number(process.env.API_PORT ?? 3001);

export const aliases = {
  "~core": fileURLToPath(new URL("./core", import.meta.url)),
  "~content": fileURLToPath(new URL("./content", import.meta.url)),
  "~": fileURLToPath(new URL("./app", import.meta.url)),
};

/** MDX as the site compiles it; the component tests reuse it. */
export const mdxPlugin = () => ({
  enforce: "pre" as const,
  ...mdx({ remarkPlugins: [remarkGfm] }),
});

export default defineConfig({
  plugins: [mdxPlugin(), reactRouter(), contentDataPlugin()],
  resolve: { alias: aliases },
  // Absolute links (canonical, Open Graph, JSON-LD) use SITE_URL given at build time.
  define: { "import.meta.env.VITE_SITE_URL": JSON.stringify(siteUrl(process.env)) },
  server: {
    // `npm run dev`: the Fastify API runs beside Vite and is reached through this proxy.
    proxy: {
      "/api": `http://127.0.0.1:${apiPort}`,
    },
  },
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What the root layout imports is on every page: one file instead of a dozen
              // tiny ones, each with its own import line, manifest entry and gzip overhead.
              // (React and React Router come along as their dependencies.)
              name: "app-shell",
              test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]|[\\/]app[\\/](lib[\\/](local-storage-store|use-hydrated|seo|hydrate-on-intent)|components[\\/](json-ld|not-found-screen)|features[\\/](auth[\\/]auth-store|cart[\\/]cart-store|search[\\/]search-scopes)|paths)\.tsx?$/,
            },
          ],
        },
      },
    },
  },
});
