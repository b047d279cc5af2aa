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

/** What every SKU starts with, up to a separator: KYB-MR-003-S and KYB-MR-003-L → KYB-MR-003. */
function commonSku(skus: readonly (string | undefined)[]): string | undefined {
  if (skus.some((sku) => !sku)) return undefined;
  let prefix = skus[0] ?? "";
  for (const sku of skus) while (!sku!.startsWith(prefix)) prefix = prefix.slice(0, -1);
  const whole = skus.every(
    (sku) => sku!.length === prefix.length || /[-\s]/.test(sku![prefix.length]!),
  );
  const cut = whole ? prefix : prefix.slice(0, Math.max(0, prefix.search(/[-\s][^-\s]*$/)));
  return cut.replace(/[-\s]+$/, "") || undefined;
}

export function inOptionOrder<P extends OptionValues>(
  group: readonly P[],
  options: readonly ProductOption[],
) {
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

const keyOf = (product: Listed) => `${product.work}\u0000${product.type.trim().toLowerCase()}`;

/** One card per work and format, "from" the lowest price of `all`, leading to the choice. */
export function oneCardPerChoice<P extends Listed>(
  listed: readonly P[],
  all: readonly Listed[] = listed,
): (P & { choice?: CardChoice })[] {
  const groups = new Map<string, Listed[]>();
  for (const product of all)
    groups.set(keyOf(product), [...(groups.get(keyOf(product)) ?? []), product]);
  const shown = new Set<string>();
  return listed.flatMap((product) => {
    const group = groups.get(keyOf(product)) ?? [product];
    const options = optionsOf(group).filter((option) => option.field !== "type");
    if (options.length === 0) return [product];
    if (shown.has(keyOf(product))) return [];
    shown.add(keyOf(product));
    const mine = listed.filter((other) => keyOf(other) === keyOf(product));
    const ordered = inOptionOrder(mine, options);
    const {
      unitsLeft: _left,
      sku: _sku,
      ...first
    } = mine.length === 1 ? product : (ordered.find((one) => one.unitsLeft !== 0) ?? ordered[0]!);
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

/** Where a work's own name leads: its first product in stock in the options' order, if any. */
export function firstVariantOf<P extends Listed>(products: readonly P[], work: string) {
  const group = products.filter((product) => product.work === work);
  const inStock = group.filter((product) => product.unitsLeft !== 0);
  return inOptionOrder(inStock.length > 0 ? inStock : group, optionsOf(group))[0];
}
