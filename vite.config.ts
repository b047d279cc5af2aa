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

/** Rolldown's table of time per plugin, printed only when asked for: `BUILD_TIMINGS=1 npm run build`. */
const bundlerTimings = Boolean(process.env.BUILD_TIMINGS);

/**
 * Stylesheets in two files instead of one per component (decision 030): what every page paints
 * (tokens, layout, shared components, prose) and what the shops, product pages and search paint.
 * Each is requested at once, and an HTML-first page waits on no more than these two; a slow
 * phone's link otherwise fetched six small render-blocking files a round trip apart. The pages
 * that are applications (cart, checkout, account, orders, contact, back office) keep their own
 * styles with their route, so their first paint waits on no shop styles.
 */
const STYLE_GROUPS = [
  {
    name: "site-styles",
    test: /\/app\/(styles|layout|components|features\/(theme|content|cart\/cart-needs-java-script))[/.].*\.css$/,
  },
  {
    name: "shop-styles",
    test: /\/app\/features\/(shop|search|cart\/(add-to-cart-button|cart-count-panel))[/.].*\.css$/,
  },
];

export default defineConfig({
  plugins: [mdxPlugin(), inlineScriptPlugin(), reactRouter(), contentDataPlugin()],
  // Absolute links (canonical, Open Graph, JSON-LD) use SITE_URL given at build time.
  define: { "import.meta.env.VITE_SITE_URL": JSON.stringify(siteUrl(process.env)) },
  build: { assetsInlineLimit: 0, rolldownOptions: { checks: { bundlerTimings } } },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: { groups: STYLE_GROUPS },
          },
        },
      },
    },
    ssr: {
      build: {
        rolldownOptions: {
          checks: {
            bundlerTimings,
            // The lazy imports of the form rules (order-rules.ts, contact-form.tsx) split the
            // browser's chunks, where this check stays on; the server bundle is one file, so
            // there a module imported both ways is expected, not a mistake.
            ineffectiveDynamicImport: false,
          },
        },
      },
    },
  },
});
