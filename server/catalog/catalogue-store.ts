import { asc, count, eq, sql } from "drizzle-orm";
import type { Product } from "#core/catalog/product.ts";
import { withSlugs, type ShopProduct } from "#core/catalog/shop-product.ts";
import type { Db, Tx } from "../db/client.ts";
import { catalogueState, products, productStock, type ProductRow } from "../db/schema.ts";

/** The catalogue as one instance holds it: what it shows, and what orders may name. */
export interface CatalogueSnapshot {
  /** catalogue_state's version when it was read: another instance's change raises it. */
  version: number;
  /** Published and not retired, in id order: the shop, search, the API and the sitemap. */
  products: readonly ShopProduct[];
  /** Every product, retired and draft ones too, by id: orders and the back office name them. */
  byId: ReadonlyMap<number, ShopProduct>;
}

/** Any fixed number works; every instance must use the same one (client.ts has its own). */
const SEED_LOCK_ID = 727_361_025;

/** A row as the shop uses it: empty columns are absent fields, as the CSV parser leaves them. */
export function productOfRow(row: ProductRow): ShopProduct {
  const optional = <T>(value: T | null) => value ?? undefined;
  return {
    id: row.id,
    slug: row.slug,
    work: row.work,
    name: row.name,
    description: row.description,
    category: row.category,
    type: row.type,
    priceCents: row.priceCents,
    images: row.images,
    isbn: optional(row.isbn),
    publisher: optional(row.publisher),
    language: optional(row.language),
    trim: optional(row.trim),
    pageCount: optional(row.pageCount),
    publicationDate: optional(row.publicationDate),
    audience: optional(row.audience),
    genre: optional(row.genre),
    sku: optional(row.sku),
    material: optional(row.material),
    color: optional(row.color),
    size: optional(row.size),
    ageRestricted: row.ageRestricted,
  };
}

/** The columns of a product (every SPEC §3 field but stock, which product_stock counts). */
export function rowOfProduct(product: ShopProduct) {
  const orNull = <T>(value: T | undefined) => value ?? null;
  return {
    id: product.id,
    slug: product.slug,
    work: product.work,
    name: product.name,
    description: product.description,
    category: product.category,
    type: product.type,
    priceCents: product.priceCents,
    images: [...product.images],
    isbn: orNull(product.isbn),
    publisher: orNull(product.publisher),
    language: orNull(product.language),
    trim: orNull(product.trim),
    pageCount: orNull(product.pageCount),
    publicationDate: orNull(product.publicationDate),
    audience: orNull(product.audience),
    genre: orNull(product.genre),
    sku: orNull(product.sku),
    material: orNull(product.material),
    color: orNull(product.color),
    size: orNull(product.size),
    ageRestricted: product.ageRestricted,
  };
}

/** Raises the catalogue's version in `tx`, the transaction of the change: others reload. */
export async function markCatalogueChanged(tx: Db | Tx): Promise<number> {
  const [row] = await tx
    .update(catalogueState)
    .set({ version: sql`${catalogueState.version} + 1`, changedAt: new Date() })
    .where(eq(catalogueState.id, 1))
    .returning({ version: catalogueState.version });
  return row?.version ?? 0;
}

export async function catalogueVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: catalogueState.version }).from(catalogueState);
  return row?.version ?? 0;
}

/** The whole catalogue as the database holds it now. */
export async function readCatalogue(db: Db): Promise<CatalogueSnapshot> {
  // Read in one transaction, so the version names exactly these rows.
  return db.transaction(async (tx) => {
    const [state] = await tx.select({ version: catalogueState.version }).from(catalogueState);
    const rows = await tx.select().from(products).orderBy(asc(products.id));
    const all = rows.map(productOfRow);
    const shown = new Set(
      rows.filter((row) => row.published && !row.retiredAt).map((row) => row.id),
    );
    return {
      version: state?.version ?? 0,
      products: all.filter((product) => shown.has(product.id)),
      byId: new Map(all.map((product) => [product.id, product])),
    };
  });
}

/**
 * Fills an empty catalogue from content/products.csv (SPEC §3's format), with each counted
 * product's opening stock; a catalogue that has products is left alone, whatever the file says
 * now (staff own it from then on). Instances starting together seed it once: the first takes
 * the lock, the others find it full. Answers how many products it added.
 */
export async function seedCatalogue(db: Db, seed: readonly Product[]): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [existing] = await tx.select({ n: count() }).from(products);
    if ((existing?.n ?? 0) > 0 || seed.length === 0) return 0;
    await tx.insert(products).values(withSlugs(seed).map(rowOfProduct));
    // Ids came from the file: new products continue after the highest.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`,
    );
    await seedStock(tx, seed);
    await markCatalogueChanged(tx);
    return seed.length;
  });
}

/**
 * Gives every counted product its opening stock. Counts already in the database are the live
 * ones and stay as they are.
 */
export async function seedStock(db: Db | Tx, seed: readonly Product[]) {
  const counted = seed.filter((product) => product.stock !== undefined);
  if (counted.length === 0) return;
  await db
    .insert(productStock)
    .values(counted.map((product) => ({ productId: product.id, available: product.stock ?? 0 })))
    .onConflictDoNothing({ target: productStock.productId });
}
