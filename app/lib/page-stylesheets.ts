import { createContext, useContext } from "react";
import type { EntryContext } from "react-router";

/**
 * The stylesheets of the routes a server render matched (entry.server.tsx puts them here), in
 * the order React Router's `<Links/>` links them. The browser has none: it only hydrates.
 */
export const PageStylesheetsContext = createContext<readonly string[]>([]);

export function usePageStylesheets(): readonly string[] {
  return useContext(PageStylesheetsContext);
}

/** The CSS files of the matched routes, from React Router's manifest of the build. */
export function stylesheetsOf(context: Pick<EntryContext, "manifest" | "staticHandlerContext">) {
  const hrefs = context.staticHandlerContext.matches.flatMap(
    (match) => context.manifest.routes[match.route.id]?.css ?? [],
  );
  return [...new Set(hrefs)];
}
