import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of a server-rendered answer (entry.server.tsx puts it here
 * from the load context). Prerendered pages and the browser have none: the server allows their
 * inline scripts by hash instead.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
