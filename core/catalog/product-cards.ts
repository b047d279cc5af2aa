import { optionsOf, valueOf, type OptionValues, type ProductOption } from "./variants.ts";

type Listed = OptionValues & {
  work: string;
  priceCents: number;
  sku?: string | undefined;
  unitsLeft?: number | undefined;
};

export interface CardChoice {
  /** "Choose a size", "Choose a colour", "Choose a colour and size". */
  label: string;
  fromCents: number;
}

const CHOOSE: Record<string, string> = {
  size: "Choose a size",
  color: "Choose a colour",
  "color,size": "Choose a colour and size",
};

function commonSku(skus: readonly (string | undefined)[]): string | undefined {
  if (skus.some((sku) => !sku)) return undefined;
  let prefix = skus[0] ?? "";
  for (const sku of skus) while (!sku!.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix.replace(/[-\s]+$/, "") || undefined;
}

function inOptionOrder<P extends Listed>(group: readonly P[], options: readonly ProductOption[]) {
  const rank = (product: P) =>
    options.map((option) =>
      option.values.findIndex(
        (value) => value.toLowerCase() === valueOf(product, option.field).toLowerCase(),
      ),
    );
  return [...group].sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    const differs = ra.findIndex((value, index) => value !== rb[index]);
    return differs === -1 ? 0 : ra[differs]! - rb[differs]!;
  });
}

/** One card per work and format, "from" its lowest price, leading to the choice (issue 37). */
export function oneCardPerChoice<P extends Listed>(
  products: readonly P[],
): (P & { choice?: CardChoice })[] {
  const groups = new Map<string, P[]>();
  const keyOf = (product: P) => `${product.work}\u0000${product.type.trim().toLowerCase()}`;
  for (const product of products)
    groups.set(keyOf(product), [...(groups.get(keyOf(product)) ?? []), product]);
  const shown = new Set<string>();
  return products.flatMap((product) => {
    const group = groups.get(keyOf(product)) ?? [product];
    const options = optionsOf(group).filter((option) => option.field !== "type");
    if (options.length === 0) return [product];
    if (shown.has(keyOf(product))) return [];
    shown.add(keyOf(product));
    const ordered = inOptionOrder(group, options);
    const {
      unitsLeft: _left,
      sku: _sku,
      ...first
    } = ordered.find((one) => one.unitsLeft !== 0) ?? ordered[0]!;
    const sku = commonSku(group.map((one) => one.sku));
    return [
      {
        ...(first as P),
        ...Object.fromEntries(options.map((option) => [option.field, option.values.join(", ")])),
        ...(sku ? { sku } : {}),
        ...(group.every((one) => one.unitsLeft === 0) ? { unitsLeft: 0 } : {}),
        choice: {
          label: CHOOSE[options.map((option) => option.field).join(",")] ?? "Choose options",
          fromCents: Math.min(...group.map((one) => one.priceCents)),
        },
      },
    ];
  });
}

/** Where a work's own name leads: what its card leads to, a product in stock if any. */
export function firstVariantOf<P extends Listed>(products: readonly P[], work: string) {
  const group = products.filter((product) => product.work === work);
  const inStock = group.filter((product) => product.unitsLeft !== 0);
  return oneCardPerChoice(inStock.length > 0 ? inStock : group)[0];
}
