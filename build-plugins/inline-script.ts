import path from "node:path";
import { buildSync } from "esbuild";
import type { Plugin } from "vite";

/** Import a module with this suffix to get it bundled and minified as one string. */
export const INLINE_SCRIPT_SUFFIX = "?inline-script";

/**
 * Bundles a browser module (and what it imports from core/) into one minified script, for a
 * page to inline. Returns the code and the files it was made from.
 */
export function bundleInlineScript(entry: string): { code: string; inputs: string[] } {
  const result = buildSync({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]?.text.trim() ?? "";
  return { code, inputs: Object.keys(result.metafile.inputs).map((input) => path.resolve(input)) };
}

/**
 * `import script from "./page-script.ts?inline-script"` gives the script's bundled code as a
 * string, so a page can inline it (allowed by its CSP hash or nonce) while the source stays
 * ordinary, tested TypeScript that shares core/ with the app.
 */
export function inlineScriptPlugin(): Plugin {
  return {
    name: "kybernetes-inline-script",
    enforce: "pre",
    load(id) {
      if (!id.endsWith(INLINE_SCRIPT_SUFFIX)) return undefined;
      const { code, inputs } = bundleInlineScript(id.slice(0, -INLINE_SCRIPT_SUFFIX.length));
      for (const input of inputs) this.addWatchFile(input);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}
