import type { GlossaryTerm } from "#core/glossary/glossary.ts";
import { dataFiles } from "#app/paths.ts";

let request: Promise<GlossaryTerm[]> | undefined;

function isTerm(value: unknown): value is GlossaryTerm {
  const term = value as Partial<GlossaryTerm> | null;
  return (
    typeof term?.letter === "string" &&
    typeof term.term === "string" &&
    typeof term.definition === "string"
  );
}

async function load(): Promise<GlossaryTerm[]> {
  const response = await fetch(dataFiles.glossary);
  if (!response.ok) throw new Error(`${dataFiles.glossary} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!Array.isArray(body) || !body.every(isTerm)) {
    throw new Error(`${dataFiles.glossary} is not a list of terms`);
  }
  return body;
}

/** Fetched once per visit; a failed fetch is forgotten so the next attempt asks again. */
export function fetchGlossary(): Promise<GlossaryTerm[]> {
  request ??= load().catch((error: unknown) => {
    request = undefined;
    throw error;
  });
  return request;
}
