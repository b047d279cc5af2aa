// RFC 9110 §14, read strictly: anything but one well-formed range (or an If-Range naming another
// version) sends the whole file. The caller decides what each costs (decision 028).

export type RangeAnswer =
  | {
      kind: "whole";
      ignored?: "malformed" | "unit" | "multiple" | "if_range";
    }
  /** Both ends included. */
  | { kind: "part"; start: number; end: number }
  | { kind: "unsatisfiable" };

// The grammar allows no spaces inside one range-spec: `bytes= 0-` is malformed, not `bytes=0-`.
const FROM = /^bytes=(\d+)-(\d*)$/i;
const SUFFIX = /^bytes=-(\d+)$/i;

/** A date or another tag in If-Range means the client holds another version: it gets all. */
export function readRange(
  range: string | undefined,
  ifRange: string | undefined,
  size: number,
  etag: string,
): RangeAnswer {
  if (range === undefined) return { kind: "whole" };
  if (!/^bytes=/i.test(range)) return { kind: "whole", ignored: "unit" };
  if (range.includes(",")) return { kind: "whole", ignored: "multiple" };
  const from = FROM.exec(range);
  const suffix = SUFFIX.exec(range);
  if (!from && !suffix) return { kind: "whole", ignored: "malformed" };
  if (ifRange !== undefined && ifRange.trim() !== etag)
    return { kind: "whole", ignored: "if_range" };

  if (from) {
    const start = Number(from[1]);
    const last = from[2] ? Number(from[2]) : Infinity;
    // A last position before the first makes the range invalid, not unsatisfiable (§14.1.1).
    if (last < start) return { kind: "whole", ignored: "malformed" };
    if (start >= size) return { kind: "unsatisfiable" };
    return { kind: "part", start, end: Math.min(last, size - 1) };
  }
  const length = Number(suffix?.[1]);
  if (length === 0 || size === 0) return { kind: "unsatisfiable" };
  return { kind: "part", start: Math.max(size - length, 0), end: size - 1 };
}
