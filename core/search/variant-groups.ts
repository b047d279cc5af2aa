import type { Matches } from "./text-index.ts";

/** Per product, its group of sizes and colours (one work and format), or -1 when alone. */
export function variantGroups(products: readonly { work: string; type: string }[]): Int32Array {
  const keys = products.map(
    (product) => `${product.work}\u0000${product.type.trim().toLowerCase()}`,
  );
  const sizes = new Map<string, number>();
  for (const key of keys) sizes.set(key, (sizes.get(key) ?? 0) + 1);
  const numbers = new Map<string, number>();
  return Int32Array.from(keys, (key) => {
    if ((sizes.get(key) ?? 0) < 2) return -1;
    if (!numbers.has(key)) numbers.set(key, numbers.size);
    return numbers.get(key) as number;
  });
}

/** Per product, 1 where results show it: alone, or its group's best match, a size asked first. */
export function bestOfGroups(
  groups: Int32Array,
  { documents, ranks }: Matches,
  titleOrder: Int32Array,
  asked: (document: number) => boolean = () => false,
): Uint8Array {
  const shown = new Uint8Array(groups.length).fill(1);
  const best = new Map<number, number>();
  for (let index = 0; index < documents.length; index += 1) {
    const group = groups[documents[index] as number] as number;
    if (group === -1) continue;
    const held = best.get(group);
    const [mine, theirs] = [documents[index] as number, documents[held ?? index] as number];
    const better =
      held === undefined ||
      (asked(mine) && !asked(theirs)) ||
      (asked(mine) === asked(theirs) &&
        ((ranks[index] as number) < (ranks[held] as number) ||
          (ranks[index] === ranks[held] &&
            (titleOrder[mine] as number) < (titleOrder[theirs] as number))));
    if (better) best.set(group, index);
  }
  for (let index = 0; index < documents.length; index += 1) {
    const document = documents[index] as number;
    if (groups[document] !== -1 && best.get(groups[document] as number) !== index) {
      shown[document] = 0;
    }
  }
  return shown;
}
