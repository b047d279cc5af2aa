/** The id of a glossary term's entry on /terminologies: "term-" and the term in lower case. */
export function glossaryTermAnchor(term: string): string {
  const slug = term
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "");
  return `term-${slug}`;
}

/** Where a glossary term is listed: the glossary filtered to the term's letter, at the term. */
export function glossaryTermPath(letter: string, term?: string): string {
  const base = `/terminologies?letter=${encodeURIComponent(letter.toUpperCase())}`;
  return term ? `${base}#${glossaryTermAnchor(term)}` : base;
}
