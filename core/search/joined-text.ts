/** The documents' folded texts of one field, joined, for the "contains" pass. */
export class JoinedText {
  readonly text: string;
  private readonly starts: Int32Array;

  constructor(texts: readonly string[]) {
    this.starts = new Int32Array(texts.length);
    let offset = 0;
    texts.forEach((text, index) => {
      this.starts[index] = offset;
      offset += text.length + 1;
    });
    this.text = texts.join("\u0000");
  }

  /** The folded text of one document. */
  textOf(document: number): string {
    const start = this.starts[document] as number;
    const end =
      document + 1 < this.starts.length
        ? (this.starts[document + 1] as number) - 1
        : this.text.length;
    return this.text.slice(start, end);
  }

  /** Calls `visit` once for every document whose text contains `needle`. */
  forEachContaining(needle: string, visit: (document: number) => void) {
    const { text, starts } = this;
    let from = 0;
    for (;;) {
      const at = text.indexOf(needle, from);
      if (at === -1) return;
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if ((starts[middle] as number) <= at) low = middle;
        else high = middle - 1;
      }
      visit(low);
      from = low + 1 < starts.length ? (starts[low + 1] as number) : text.length;
    }
  }
}
