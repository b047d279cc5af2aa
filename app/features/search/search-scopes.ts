import type { SearchScope } from "#core/search/search-query.ts";

export const SEARCH_SCOPES: readonly { value: SearchScope; label: string }[] = [
  { value: "all", label: "All" },
  { value: "shop", label: "Shop" },
  { value: "page", label: "Pages" },
];
