import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * Every prerendered page of the build (build/client/**\/index.html), so a new route is
 * covered by the route walk without editing a list.
 */
export function builtRoutes(): string[] {
  const root = path.resolve("build/client");
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name === "index.html")
    .map((entry) => path.relative(root, entry.parentPath).split(path.sep).join("/"))
    .filter((dir) => !dir.startsWith("__"))
    .map((dir) => (dir === "" ? "/" : `/${dir}`))
    .sort();
}
