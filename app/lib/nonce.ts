import { createContext, useContext } from "react";

/** Prerendered pages and the browser have none: the server allows their scripts by hash. */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
