import type { ProductCategory } from "../catalog/category.ts";
import { toCents } from "../money/money.ts";
import { hasUnsafeCharacters, unsafeCharactersMessage } from "../validation/safe-text.ts";

/** SPEC §2/§9: where a search looks; `all` is the default. */
export const SEARCH_SCOPE_VALUES = ["all", "shop", "page"] as const;
export type SearchScope = (typeof SEARCH_SCOPE_VALUES)[number];

export const MAX_QUERY_LENGTH = 200;
export const QUERY_TOO_LONG = `Search text must be at most ${MAX_QUERY_LENGTH} characters`;
/** A NUL would otherwise match across every text the index joins with it. */
export const QUERY_UNSAFE = unsafeCharactersMessage("Search text");
export const isReadableQuery = (q: string) => !hasUnsafeCharacters(q);
export const PRICE_INVALID = "A price filter must be a number of dollars from 0 to 100000";
export const MAX_PRICE_FILTER = 100_000;

/** The shop filters on /search: `&category=book&min=25&max=50` (prices in AUD, inclusive). */
export const SEARCH_CATEGORIES: readonly { value: ProductCategory; label: string }[] = [
  { value: "book", label: "Books" },
  { value: "cyberware", label: "Cyberware" },
  { value: "merchandise", label: "Merchandise" },
];

export interface PriceBand {
  label: string;
  min?: number;
  max?: number;
}

/** The price ranges offered with their counts; a band includes both of its ends. */
export const PRICE_BANDS: readonly PriceBand[] = [
  { label: "Up to $25", max: 25 },
  { label: "$25 to $50", min: 25, max: 50 },
  { label: "$50 to $100", min: 50, max: 100 },
  { label: "$100 and over", min: 100 },
];

export interface SearchFilters {
  category?: ProductCategory;
  min?: number;
  max?: number;
  /** A product's format (its type: eBook, Hardback, Hoodie…), any case; MCP's filter. */
  format?: string;
}

export interface SearchRequest extends SearchFilters {
  q: string;
  scope: SearchScope;
}

export function inPriceRange(priceCents: number, { min, max }: { min?: number; max?: number }) {
  return (
    (min === undefined || priceCents >= toCents(min)) &&
    (max === undefined || priceCents <= toCents(max))
  );
}

export type SearchQueryResult =
  { ok: true; request: SearchRequest } | { ok: false; q: string; message: string };

function readPrice(value: string | null): number | undefined | "invalid" {
  const text = (value ?? "").trim();
  if (text === "") return undefined;
  const price = Number(text);
  return Number.isFinite(price) && price >= 0 && price <= MAX_PRICE_FILTER ? price : "invalid";
}

export const SEARCH_QUERY_PARAMS = ["q", "scope", "category", "min", "max"] as const;

/** As the API's schema reads it, without zod, for the search page. */
export function readSearchQuery(params: URLSearchParams): SearchQueryResult {
  const q = (params.get("q") ?? "").trim();
  if (q.length > MAX_QUERY_LENGTH) return { ok: false, q, message: QUERY_TOO_LONG };
  if (!isReadableQuery(q)) return { ok: false, q, message: QUERY_UNSAFE };
  const min = readPrice(params.get("min"));
  const max = readPrice(params.get("max"));
  if (min === "invalid" || max === "invalid") return { ok: false, q, message: PRICE_INVALID };
  const scope = SEARCH_SCOPE_VALUES.find((value) => value === params.get("scope")) ?? "all";
  const category = SEARCH_CATEGORIES.find((option) => option.value === params.get("category"));
  return {
    ok: true,
    request: {
      q,
      scope,
      ...(category ? { category: category.value } : {}),
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
    },
  };
}

export function searchHref(request: Partial<SearchRequest>): string {
  const params = new URLSearchParams();
  if (request.scope && request.scope !== "all") params.set("scope", request.scope);
  params.set("q", request.q ?? "");
  if (request.category) params.set("category", request.category);
  if (request.min !== undefined) params.set("min", String(request.min));
  if (request.max !== undefined) params.set("max", String(request.max));
  return `/search?${params}`;
}
