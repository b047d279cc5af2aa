import type { SearchEngine } from "#core/search/search-engine.ts";

/**
 * What the server hands to loaders (server/site/react-router-handler.ts). Only server-rendered
 * routes read it; prerendered routes run at build time, where it is empty.
 */
declare module "react-router" {
  interface AppLoadContext {
    /** Allows this answer's inline scripts (entry.server.tsx). */
    cspNonce?: string;
    /** The catalogue's in-memory search (/search). */
    search?: SearchEngine;
  }
}

export {};
