import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { caseVariants, catalogueRenderedPaths, paths, serverRenderedPaths } from "#app/paths.ts";

/**
 * Every prerendered page of the build (build/client/**\/index.html), every server-rendered
 * one and every page of the catalogue (rendered from the database, issue 25), so a new route is
 * covered by the route walk without editing a list. /logout is an action (it leaves at once),
 * not a screen; /ProductData.csv is a data file.
 */
export function siteRoutes(): string[] {
  const screens: readonly string[] = Object.values(paths);
  return [
    ...builtRoutes().filter((route) => route !== paths.logout),
    ...serverRenderedPaths,
    ...catalogueRenderedPaths.filter((route) => screens.includes(route)),
  ];
}

/**
 * The same, with each page once, under its main address: SPEC's second spellings (/Cytheseus
 * for /cytheseus) are copies of one page, so a check that reads the whole page needs one.
 */
export function distinctSiteRoutes(): string[] {
  return siteRoutes().filter((route) => !(route in caseVariants));
}

// The build the browser tests serve: ./build, or the one BUILD_DIR names.
const root = path.resolve(process.env.BUILD_DIR ?? "build", "client");

/** Where each form of each prerendered page posts, as its HTML says before any script runs. */
export function builtFormActions(): { route: string; action: string }[] {
  return builtRoutes().flatMap((route) => {
    const html = readFileSync(path.join(root, route, "index.html"), "utf8");
    return [...html.matchAll(/<form\b[^>]*\baction="([^"]*)"/g)].map((match) => ({
      route,
      action: match[1] ?? "",
    }));
  });
}

function builtRoutes(): string[] {
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name === "index.html")
    .map((entry) => path.relative(root, entry.parentPath).split(path.sep).join("/"))
    .filter((dir) => !dir.startsWith("__"))
    .map((dir) => (dir === "" ? "/" : `/${dir}`))
    .sort();
}
