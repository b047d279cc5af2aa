export interface Postings {
  starts: Uint32Array;
  documents: Int32Array;
}

export function flattenPostings(lists: readonly (number[] | undefined)[], terms: number): Postings {
  const starts = new Uint32Array(terms + 1);
  let total = 0;
  for (let id = 0; id < terms; id += 1) {
    starts[id] = total;
    total += lists[id]?.length ?? 0;
  }
  starts[terms] = total;
  const documents = new Int32Array(total);
  for (let id = 0; id < terms; id += 1) {
    const list = lists[id];
    if (list) documents.set(list, starts[id]);
  }
  return { starts, documents };
}

export function titleOrderOf(titles: readonly string[]): Int32Array {
  const collator = new Intl.Collator("en-AU", { sensitivity: "base", numeric: true });
  const order = Array.from(titles.keys()).sort(
    (a, b) => collator.compare(titles[a] as string, titles[b] as string) || a - b,
  );
  const places = new Int32Array(titles.length);
  order.forEach((document, place) => {
    places[document] = place;
  });
  return places;
}
