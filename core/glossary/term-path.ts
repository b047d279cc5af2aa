export function glossaryTermAnchor(term: string): string {
  const slug = term
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "");
  return `term-${slug}`;
}

export function glossaryTermPath(letter: string, term?: string): string {
  const base = `/terminologies?letter=${encodeURIComponent(letter.toUpperCase())}`;
  return term ? `${base}#${glossaryTermAnchor(term)}` : base;
}
