import mdx from "@mdx-js/rollup";
import { reactRouter } from "@react-router/dev/vite";
import remarkGfm from "remark-gfm";
import { defineConfig } from "vite";
import { contentDataPlugin } from "./build-plugins/content-data.ts";
import { inlineScriptPlugin } from "./build-plugins/inline-script.ts";
import { siteUrl } from "./core/site-url.ts";

/** MDX as the site compiles it; the component tests reuse it. */
export const mdxPlugin = () => ({
  enforce: "pre" as const,
  ...mdx({ remarkPlugins: [remarkGfm] }),
});

export default defineConfig({
  plugins: [mdxPlugin(), inlineScriptPlugin(), reactRouter(), contentDataPlugin()],
  // Absolute links (canonical, Open Graph, JSON-LD) use SITE_URL given at build time.
  define: { "import.meta.env.VITE_SITE_URL": JSON.stringify(siteUrl(process.env)) },
  build: { assetsInlineLimit: 0 },
});
