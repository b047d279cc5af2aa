import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const BOOT_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]*"\/>/g;

/**
 * Makes a prerendered page load its JavaScript after the page has painted (the `load`
 * event) instead of competing with the HTML and CSS for the network. Every page is complete
 * HTML already, so this moves Largest Contentful Paint to where a page with no JavaScript
 * would have it; hydration follows a moment later. Rewrites React Router's boot script and
 * drops its modulepreload links; fails the build if that script ever changes shape.
 */
export function deferHydration(html: string, file = "page"): string {
  const match = BOOT_SCRIPT.exec(html);
  if (!match) return html;
  const code = match[1] ?? "";
  const named = [...code.matchAll(/^import \* as (\w+) from "([^"]+)";$/gm)];
  const bare = [...code.matchAll(/^import "([^"]+)";$/gm)].map((found) => found[1] as string);
  const modules = /window\.__reactRouterRouteModules = (\{[^;]*\});/.exec(code)?.[1];
  const entry = /^import\("([^"]+)"\);$/m.exec(code)?.[1];
  if (!modules || !entry || named.length === 0) {
    throw new Error(
      `${file}: React Router's boot script changed shape; update scripts/defer-hydration.ts`,
    );
  }
  const load = (url: string) => `import(${JSON.stringify(url)})`;
  // Bare imports (the manifest) take a hole in the destructuring, named ones their name.
  const targets = [...bare.map(() => ""), ...named.map((found) => found[1])].join(",");
  const urls = [...bare, ...named.map((found) => found[2] as string)];
  const boot =
    `const boot=async()=>{const[${targets}]=await Promise.all([${urls.map(load).join(",")}]);` +
    `window.__reactRouterRouteModules=${modules};await ${load(entry)}};` +
    `document.readyState==="complete"?boot():addEventListener("load",boot,{once:true});`;
  return html
    .replace(MODULE_PRELOAD, "")
    .replace(BOOT_SCRIPT, () => `<script type="module">${boot}</script>`);
}

/** Applies deferHydration to every HTML file of the build. */
export function deferHydrationInBuild(clientDir: string) {
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const file = path.join(entry.parentPath, entry.name);
    writeFileSync(file, deferHydration(readFileSync(file, "utf8"), file));
  }
}
