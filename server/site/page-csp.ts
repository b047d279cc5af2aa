import { OPENSTREETMAP_ORIGIN } from "#core/map/openstreetmap.ts";
import type { CspExtras } from "./content-security-policy.ts";

export const pageCspExtras: Readonly<Record<string, CspExtras>> = {
  // The contact page's map frame (SPEC §2 Contact Us), on that page alone (decision 004).
  "/contactus": { frameSrc: [OPENSTREETMAP_ORIGIN] },
};
