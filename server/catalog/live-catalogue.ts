import type { Product } from "#core/catalog/product.ts";
import type { ShopProduct } from "#core/catalog/shop-product.ts";
import { withSlugs } from "#core/catalog/shop-product.ts";
import { withVariants } from "#core/catalog/variants.ts";
import type { Db } from "../db/client.ts";
import {
  catalogueVersion,
  readCatalogue,
  snapshotOf,
  type CatalogueSnapshot,
} from "./catalogue-store.ts";

// Polled once a second (one indexed read) rather than LISTEN/NOTIFY: the same on PGlite and
// PostgreSQL, no connection held open, and no change missed (issue 25).
export interface LiveCatalogue {
  /** What this instance shows now; never awaits. */
  current(): CatalogueSnapshot;
  forSale(): ReadonlyMap<number, ShopProduct>;
  onChange(listener: (snapshot: CatalogueSnapshot) => void): void;
  /** Checks the version now (after this instance's own change); true when it reloaded. */
  refresh(): Promise<boolean>;
  close(): void;
}

/** How often each instance compares versions: well within issue 25's two seconds. */
export const CATALOGUE_POLL_MS = 1000;

interface Log {
  error(details: object, message: string): void;
}

function forSaleOf(snapshot: CatalogueSnapshot): ReadonlyMap<number, ShopProduct> {
  return new Map(snapshot.products.map((product) => [product.id, product]));
}

export async function createLiveCatalogue(
  db: Db,
  { pollMs = CATALOGUE_POLL_MS, log }: { pollMs?: number; log?: Log } = {},
): Promise<LiveCatalogue> {
  let snapshot = await readCatalogue(db);
  let forSale = forSaleOf(snapshot);
  const listeners: ((snapshot: CatalogueSnapshot) => void)[] = [];
  let checking: Promise<boolean> | undefined;
  let again: Promise<boolean> | undefined;

  async function check(): Promise<boolean> {
    if ((await catalogueVersion(db)) === snapshot.version) return false;
    snapshot = await readCatalogue(db);
    forSale = forSaleOf(snapshot);
    for (const listener of listeners) listener(snapshot);
    return true;
  }

  /** One check at a time: a slow database never piles them up. */
  function refresh(): Promise<boolean> {
    if (!checking) {
      checking = check().finally(() => {
        checking = undefined;
      });
      return checking;
    }
    // The check under way may have read the version before the caller's change: one more after.
    again ??= checking
      .catch(() => false)
      .then(() => {
        again = undefined;
        return refresh();
      });
    return again;
  }

  const timer = setInterval(() => {
    refresh().catch((error: unknown) => {
      // The database is away for a moment: keep serving what we have, try again next tick.
      log?.error({ err: error }, "could not check the catalogue's version");
    });
  }, pollMs);
  timer.unref();

  return {
    current: () => snapshot,
    forSale: () => forSale,
    onChange: (listener) => void listeners.push(listener),
    refresh,
    close: () => clearInterval(timer),
  };
}

export function fixedCatalogueOf(products: readonly Product[]): LiveCatalogue {
  const shown = withSlugs(products);
  const snapshot = snapshotOf(0, shown, new Set(shown.map((product) => product.id)));
  const forSale = forSaleOf(snapshot);
  return {
    current: () => snapshot,
    forSale: () => forSale,
    onChange: () => undefined,
    refresh: async () => false,
    close: () => undefined,
  };
}

export function fixedCatalogue(
  products: readonly Product[],
): () => ReadonlyMap<number, ShopProduct> {
  const byId = new Map(withVariants(withSlugs(products)).map((product) => [product.id, product]));
  return () => byId;
}
