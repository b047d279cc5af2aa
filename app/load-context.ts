import { createContext, RouterContextProvider } from "react-router";
import type { PageContext, PageServices } from "#core/pages/page-services.ts";

/**
 * What loaders and actions read from React Router's context: the server's services
 * (`context.get(servicesContext)`) and this answer's CSP nonce. The server builds the context
 * with `pageContext` below, which the build exports from entry.server.tsx: the server must set
 * the very context objects the route modules read, and those live in the build.
 */
export const servicesContext = createContext<PageServices>();
// null when prerendering: the build sets no context, and hashes allow those pages' scripts.
export const nonceContext = createContext<string | null>(null);

export function pageContext({ services, cspNonce }: PageContext): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(nonceContext, cspNonce ?? null);
  return context;
}
