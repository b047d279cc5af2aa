import type { FastifyBaseLogger } from "fastify";
import { placeholdersInUse, type Placeholder } from "#core/site-config.ts";

/** Visitors would see a bank account and phone number that are not the company's. */
export function warnOfPlaceholders(
  log: FastifyBaseLogger,
  inUse: readonly Placeholder[] = placeholdersInUse(),
) {
  if (inUse.length === 0) return;
  log.warn(
    { placeholders: inUse.map((placeholder) => placeholder.key) },
    `core/site-config.ts still holds placeholder organisation details, not the company's own: ${inUse
      .map((placeholder) => placeholder.name)
      .join(", ")}. Replace them before launch (npm run check:launch lists them).`,
  );
}
