import mdx from "@mdx-js/rollup";
import { reactRouter } from "@react-router/dev/vite";
import remarkGfm from "remark-gfm";
import { fileURLToPath } from "node:url";
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

interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const ROOT_MODULE = fileURLToPath(new URL("./app/root.tsx", import.meta.url));
const isAppCode = (id: string) =>
  /\/(app|core)\/[^?]*\.tsx?$/.test(id) && !id.includes("/node_modules/");

/**
 * The app's own modules the root route imports, in one file (issue 38): every page that hydrates
 * runs the root, so each of these was fetched on each such page anyway, one small file apiece.
 * Merged, no page gains a byte of code and each saves the files' overhead and requests.
 */
function rootModulesGroup() {
  let inRoot: Set<string> | undefined;
  return {
    name(id: string, ctx: ChunkingContext) {
      if (!inRoot) {
        inRoot = new Set();
        const queue = [ROOT_MODULE];
        for (let next = queue.pop(); next; next = queue.pop()) {
          if (inRoot.has(next) || !isAppCode(next)) continue;
          inRoot.add(next);
          queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
        }
      }
      return inRoot.has(id) ? "root-modules" : null;
    },
  };
}

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
            codeSplitting: { groups: [...STYLE_GROUPS, rootModulesGroup()] },
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
