import { createContext, RouterContextProvider } from "react-router";
import type { PageContext, PageServices } from "#core/pages/page-services.ts";

/** The server must set the very context objects route modules read, so the build exports them. */
export const servicesContext = createContext<PageServices>();
// null when prerendering: the build sets no context, and hashes allow those pages' scripts.
export const nonceContext = createContext<string | null>(null);

export function pageContext({ services, cspNonce }: PageContext): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(nonceContext, cspNonce ?? null);
  return context;
}
