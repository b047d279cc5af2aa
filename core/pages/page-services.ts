import type { SearchEngine } from "../search/search-engine.ts";

/**
 * What the server hands to the site's loaders and actions (app/load-context.ts), described here
 * so that the server implements it and the app reads it without either importing the other.
 */
export interface PageServices {
  /** The catalogue's in-memory search (/search). */
  search: SearchEngine;
}

/** One request's context: the services, and the nonce its inline scripts carry. */
export interface PageContext {
  services: PageServices;
  /** Absent for a page that goes to many visitors (prerendered or kept): hashes allow its scripts. */
  cspNonce?: string | undefined;
}
