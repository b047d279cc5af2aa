import type { MarkRange } from "#core/search/highlight.ts";

/** The text stays text: React escapes it, so a result can never carry markup into the page. */
export function Highlighted({ text, marks }: { text: string; marks: readonly MarkRange[] }) {
  const pieces: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [start, end] of marks) {
    if (start < at || end > text.length || end <= start) continue;
    if (start > at) pieces.push({ text: text.slice(at, start), marked: false });
    pieces.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), marked: false });
  return (
    <>
      {pieces.map((piece, index) =>
        piece.marked ? <mark key={index}>{piece.text}</mark> : piece.text,
      )}
    </>
  );
}
