import { glossary } from "~/lib/glossary.server";

/** /glossary.json: every term, prerendered; the glossary page fetches it after its first paint. */
export function loader() {
  return Response.json(glossary);
}
