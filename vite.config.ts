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
              // React DOM on its own: evaluating it and the rest as one script made one long
              // main-thread task (Lighthouse's Total Blocking Time) on pages that hydrate at load.
              name: "react-dom",
              test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
            },
            {
              // React, React Router and what the root layout imports are on every page: one
              // file instead of a dozen tiny ones, each with its own import line, manifest
              // entry and gzip overhead. Routes stay under 120 KB this way (npm run bench,
              // "JS once used").
              name: "app-shell",
              test: /[\\/]node_modules[\\/](react|react-router|cookie|set-cookie-parser)[\\/]|[\\/]app[\\/](lib[\\/](local-storage-store|use-hydrated|seo|hydrate-on-intent)|components[\\/](json-ld|not-found-screen)|features[\\/](auth[\\/]auth-store|cart[\\/]cart-store|search[\\/]search-scopes)|paths)\.tsx?$/,
            },
            {
              // What every form uses (the field, lazily loaded rules and Vite's helper for
              // them), claimed here so the session group below does not take it, and the
              // contact page with it.
              name: "forms",
              test: /preload-helper|[\\/]app[\\/](components[\\/]form-field|lib[\\/]lazy-module)\.tsx?$/,
            },
            {
              // The session pieces the login, sign-up and account pages share.
              name: "session",
              test: /[\\/]app[\\/]features[\\/]auth[\\/](use-session-guard|session-check|notice|use-notice|token-payload|account-api|account-rules|account-fields|password-field)\.tsx?$/,
            },
          ],
        },
      },
    },
  },
});
