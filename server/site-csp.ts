import type { CspExtras } from "./static-site";

/** Pages that need sources beyond the site itself; everything else gets 'self' only. */
export const siteCspExtras: CspExtras = {};
