// Build time only: the CSV and its parser never reach the browser.
import glossaryCsv from "#content/terminologies.csv?raw";
import type { GlossaryTerm } from "#core/glossary/glossary.ts";
import { parseTerminologiesCsv } from "#core/glossary/parse-terminologies.ts";

export const glossary: readonly GlossaryTerm[] = parseTerminologiesCsv(
  glossaryCsv,
  "content/terminologies.csv",
);
