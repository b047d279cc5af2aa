import { glossary } from "#app/lib/glossary.server.ts";

/** /glossary.json: every term, prerendered; the glossary page fetches it after its first paint. */
export function loader() {
  return Response.json(glossary);
}
