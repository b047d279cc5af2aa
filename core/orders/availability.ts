export const LOW_STOCK_THRESHOLD = 5;

/** Units left per product id; a product missing from the map is not counted (eBooks). */
export type StockLevels = Readonly<Record<number, number>>;

export type Availability =
  | { state: "in_stock"; label: string }
  | { state: "low"; label: string; left: number }
  | { state: "out"; label: string };

export function availability(left: number | undefined): Availability {
  if (left === undefined || left > LOW_STOCK_THRESHOLD)
    return { state: "in_stock", label: "In stock" };
  if (left <= 0) return { state: "out", label: "Out of stock" };
  return { state: "low", label: `Only ${left} left`, left };
}

/** Units left as a page shows them: the count when few are left, nothing when plenty or uncounted. */
export function unitsLeftShown(left: number | undefined): number | undefined {
  return left !== undefined && left <= LOW_STOCK_THRESHOLD ? Math.max(0, left) : undefined;
}

/** Whether a page that says how many are left must change (the catalogue version is raised). */
export function availabilityChanged(before: number | undefined, after: number | undefined) {
  return unitsLeftShown(before) !== unitsLeftShown(after);
}
