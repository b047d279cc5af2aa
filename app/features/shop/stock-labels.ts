// The live counts on the pages that load no framework, in the page script: the HTML is the same
// for everyone until the catalogue changes, so each line is filled from GET /api/stock.
import { availability } from "#core/orders/availability.ts";

export type FetchStock = () => Promise<Record<string, number> | undefined>;

const fetchFromApi: FetchStock = async () => {
  const response = await fetch("/api/stock", { headers: { accept: "application/json" } });
  if (!response.ok) return undefined;
  return ((await response.json()) as { stock?: Record<string, number> }).stock;
};

/**
 * Fills every `[data-stock-of]` line; an Add to Cart of a product that is out is disabled and
 * described by its line. On failure nothing is said: checkout still refuses what is gone.
 */
export async function showStockLevels(document: Document, fetchStock: FetchStock = fetchFromApi) {
  const lines = document.querySelectorAll<HTMLElement>("[data-stock-of]");
  if (lines.length === 0) return;
  const stock = await fetchStock().catch(() => undefined);
  if (!stock) return;
  for (const line of lines) {
    const id = line.dataset.stockOf ?? "";
    const { state, label } = availability(stock[id]);
    line.textContent = label;
    line.dataset.state = state;
    line.removeAttribute("aria-hidden");
    if (state !== "out") continue;
    for (const button of document.querySelectorAll<HTMLButtonElement>(
      `form[data-add-to-cart][data-product-id="${id}"] button`,
    )) {
      button.disabled = true;
      button.setAttribute("aria-describedby", line.id);
    }
  }
}
