import { createContext, useContext } from "react";
import type { EntryContext } from "react-router";

/** In `<Links/>` order; the browser has none: it only hydrates. */
export const PageStylesheetsContext = createContext<readonly string[]>([]);

export function usePageStylesheets(): readonly string[] {
  return useContext(PageStylesheetsContext);
}

export function stylesheetsOf(context: Pick<EntryContext, "manifest" | "staticHandlerContext">) {
  const hrefs = context.staticHandlerContext.matches.flatMap(
    (match) => context.manifest.routes[match.route.id]?.css ?? [],
  );
  return [...new Set(hrefs)];
}
