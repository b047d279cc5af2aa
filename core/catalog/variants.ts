import { slugify } from "./slug.ts";

/** Variants are the products of one work; options, the columns that differ (decision 031). */
export const OPTION_FIELDS = [
  { name: "Format", field: "type" },
  { name: "Colour", field: "color" },
  { name: "Size", field: "size" },
] as const;

export type OptionField = (typeof OPTION_FIELDS)[number]["field"];
export type OptionName = (typeof OPTION_FIELDS)[number]["name"];
export type OptionValues = { type: string } & Partial<Record<"color" | "size", string | null>>;
type Optioned = OptionValues;

export interface ProductOption {
  name: OptionName;
  field: OptionField;
  values: string[];
}

const SIZE_ORDER = ["xxs", "xs", "s", "m", "l", "xl", "xxl", "2xl", "xxxl", "3xl", "4xl"];

export const valueOf = (product: Optioned, field: OptionField) => (product[field] ?? "").trim();
const sameValue = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function sizeRank(value: string) {
  const rank = SIZE_ORDER.indexOf(value.toLowerCase());
  return rank === -1 ? SIZE_ORDER.length : rank;
}

/** S to XXL, or 8, 10, 12 where every size is a number; anything else as listed. */
function bySize(values: readonly string[]) {
  return values.every((value) => /^\d+(\.\d+)?$/.test(value))
    ? (a: string, b: string) => Number(a) - Number(b)
    : (a: string, b: string) => sizeRank(a) - sizeRank(b);
}

/** The columns whose values differ within the work, values in catalogue order (sizes S to XXL). */
export function optionsOf(group: readonly Optioned[]): ProductOption[] {
  return OPTION_FIELDS.flatMap(({ name, field }) => {
    const values: string[] = [];
    for (const product of group) {
      const value = valueOf(product, field);
      if (value && !values.some((seen) => sameValue(seen, value))) values.push(value);
    }
    if (values.length < 2) return [];
    if (field === "size") values.sort(bySize(values));
    return [{ name, field, values }];
  });
}

/** "Size L, Sand": what tells this product from the rest of its work; the format is its type. */
export function variantLabel(product: Optioned, options: readonly ProductOption[]): string {
  return options
    .filter((option) => option.field !== "type" && valueOf(product, option.field))
    .map((option) => {
      const value = valueOf(product, option.field);
      return option.field === "size" ? `Size ${value}` : value;
    })
    .join(", ");
}

/** The work's slug plus the values that tell this product apart: `circuit-trace-hoodie-l`. */
export function variantSlugPart(product: Optioned, options: readonly ProductOption[]): string {
  return options
    .map((option) => slugify(valueOf(product, option.field)))
    .filter(Boolean)
    .join("-");
}

export interface OptionChoice<P> {
  value: string;
  product: P;
  current: boolean;
  otherCombination: boolean;
  soldOut: boolean;
}

/** Each option's values as choices from `current`, for links that work without a script. */
export function optionChoices<P extends Optioned & { unitsLeft?: number | undefined }>(
  current: P,
  group: readonly P[],
  options: readonly ProductOption[],
): { option: ProductOption; choices: OptionChoice<P>[] }[] {
  return options.map((option) => ({
    option,
    choices: option.values.flatMap((value) => {
      const withValue = group.filter((product) => sameValue(valueOf(product, option.field), value));
      const matches = (product: P) =>
        options.filter(
          (other) =>
            other.field !== option.field &&
            sameValue(valueOf(product, other.field), valueOf(current, other.field)),
        ).length;
      const inStock = (product: P) => (product.unitsLeft === 0 ? 0 : 1);
      const best = [...withValue].sort(
        (a, b) => matches(b) * 2 + inStock(b) - (matches(a) * 2 + inStock(a)),
      )[0];
      if (!best) return [];
      const otherCombination = matches(best) < options.length - 1;
      return [
        {
          value,
          product: best,
          current: best === current,
          otherCombination,
          soldOut: otherCombination
            ? withValue.every((product) => product.unitsLeft === 0)
            : best.unitsLeft === 0,
        },
      ];
    }),
  }));
}

type Labelled = Optioned & {
  work: string;
  images: readonly string[];
  pictureAlts?: Readonly<Record<string, string>> | undefined;
};

/** Each product with its `variant` label; one without pictures shows its work's (issue 37). */
export function withVariants<P extends Labelled>(
  products: readonly P[],
): (P & { variant?: string })[] {
  const works = new Map<string, P[]>();
  for (const product of products) {
    works.set(product.work, [...(works.get(product.work) ?? []), product]);
  }
  const options = new Map([...works].map(([work, group]) => [work, optionsOf(group)]));
  return products.map((product) => {
    const variant = variantLabel(product, options.get(product.work) ?? []);
    const group = works.get(product.work) ?? [];
    const pictured =
      product.images.length > 0
        ? undefined
        : (group.find(
            (other) =>
              other.images.length > 0 &&
              sameValue(valueOf(other, "type"), valueOf(product, "type")) &&
              sameValue(valueOf(other, "color"), valueOf(product, "color")),
          ) ?? group.find((other) => other.images.length > 0));
    return {
      ...product,
      ...(variant ? { variant } : {}),
      ...(pictured ? { images: pictured.images, pictureAlts: pictured.pictureAlts } : {}),
    };
  });
}

export interface VariantChoice {
  value: string;
  slug: string;
  priceCents: number;
  current: boolean;
  soldOut: boolean;
  /** The values chosen now that it is not made with ("Sand", "size XL"): it leads elsewhere. */
  notWith?: string;
}

export interface VariantOption {
  name: OptionName;
  choices: VariantChoice[];
}

type Variant = Optioned & { slug: string; priceCents: number; unitsLeft?: number | undefined };

export function variantChoices<P extends Variant>(
  current: P,
  group: readonly P[],
): VariantOption[] {
  const options = optionsOf(group);
  return optionChoices(current, group, options).map(({ option, choices }) => {
    const others = options.filter((other) => other.field !== option.field);
    return {
      name: option.name,
      choices: choices.map((choice) => {
        const notWith = others
          .filter(
            (other) =>
              !sameValue(valueOf(choice.product, other.field), valueOf(current, other.field)),
          )
          .map(
            (other) => `${other.field === "size" ? "size " : ""}${valueOf(current, other.field)}`,
          )
          .join(", ");
        return {
          value: choice.value,
          slug: choice.product.slug,
          priceCents: choice.product.priceCents,
          current: choice.current,
          soldOut: choice.soldOut,
          ...(choice.otherCombination && notWith ? { notWith } : {}),
        };
      }),
    };
  });
}
