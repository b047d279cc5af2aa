import glossaryCsv from "#content/terminologies.csv?raw";

/** /Terminologies.csv (SPEC §7): the glossary file itself, prerendered as a static file. */
export function loader() {
  return new Response(glossaryCsv, {
    headers: { "Content-Type": "text/csv; charset=utf-8" },
  });
}
