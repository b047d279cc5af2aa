import { OPENSTREETMAP_ORIGIN } from "../core/map/openstreetmap";
import type { CspExtras } from "./static-site";

/** Pages that need sources beyond the site itself; everything else gets 'self' only. */
export const siteCspExtras: CspExtras = {
  // The contact page's map frame (SPEC §2 Contact Us), on that page alone.
  "/contactus": { frameSrc: [OPENSTREETMAP_ORIGIN] },
};
