import { asc, count, eq, lte, sql } from "drizzle-orm";
import { LOW_STOCK_THRESHOLD } from "#core/orders/availability.ts";
import type { Product } from "#core/catalog/product.ts";
import { withSlugs, type ShopProduct } from "#core/catalog/shop-product.ts";
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from "#core/catalog/slug.ts";
import { withVariants } from "#core/catalog/variants.ts";
import type { Db, Tx } from "../db/client.ts";
import { productFileName } from "#core/catalog/product-files.ts";
import { productFileRow } from "./product-file-store.ts";
import { altsOfImages, pictureAlts } from "./product-pictures.ts";
import type { SampleFiles } from "./sample-files.ts";
import {
  catalogueState,
  productFiles,
  products,
  productSlugs,
  productStock,
  type ProductRow,
} from "../db/schema.ts";

export interface CatalogueSnapshot {
  /** catalogue_state's version when it was read: another instance's change raises it. */
  version: number;
  /** Published and not retired, in id order: the shop, search, the API and the sitemap. */
  products: readonly ShopProduct[];
  /** The shown ones staff feature on the home page, in their order (issue 39). */
  featured: readonly ShopProduct[];
  /** Every product, retired and draft ones too, by id: orders and the back office name them. */
  byId: ReadonlyMap<number, ShopProduct>;
  bySlug: ReadonlyMap<string, ShopProduct>;
  /** Slugs products had before a rename → the product's current slug (a 301 to it). */
  movedSlugs: ReadonlyMap<string, string>;
}

export function snapshotOf(
  version: number,
  products: readonly ShopProduct[],
  shownIds: ReadonlySet<number>,
  oldSlugs: readonly { slug: string; productId: number }[] = [],
  featuredAt: ReadonlyMap<number, number> = new Map(),
): CatalogueSnapshot {
  // A shown product's sizes and pictures are its shown siblings': a draft copy changes nothing.
  const shownOnes = withVariants(products.filter((product) => shownIds.has(product.id)));
  const labelled = new Map(shownOnes.map((product) => [product.id, product]));
  const all = withVariants(products).map((product) => labelled.get(product.id) ?? product);
  const shown = all.filter((product) => shownIds.has(product.id));
  const byId = new Map(all.map((product) => [product.id, product]));
  const bySlug = new Map(shown.map((product) => [product.slug, product]));
  const movedSlugs = new Map<string, string>();
  for (const { slug, productId } of oldSlugs) {
    const product = byId.get(productId);
    // An old slug that is some product's slug again belongs to that product.
    if (product && shownIds.has(productId) && !bySlug.has(slug)) {
      movedSlugs.set(slug, product.slug);
    }
  }
  const featured = shown
    .filter((product) => featuredAt.has(product.id))
    .sort((a, b) => featuredAt.get(a.id)! - featuredAt.get(b.id)! || a.id - b.id);
  return { version, products: shown, featured, byId, bySlug, movedSlugs };
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
    digital: row.digital,
  };
}

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
    digital: product.digital,
  };
}

/** In the change's own transaction, so other instances reload. */
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

export async function readCatalogue(db: Db): Promise<CatalogueSnapshot> {
  // Read in one transaction, so the version names exactly these rows.
  return db.transaction(async (tx) => {
    const [state] = await tx.select({ version: catalogueState.version }).from(catalogueState);
    const rows = await tx.select().from(products).orderBy(asc(products.id));
    const oldSlugs = await tx
      .select({ slug: productSlugs.slug, productId: productSlugs.productId })
      .from(productSlugs);
    const alts = await pictureAlts(tx);
    // The counts a page says ("Only 3 left", "Out of stock"); plenty is not said.
    const fewLeft = new Map(
      (
        await tx
          .select({ id: productStock.productId, available: productStock.available })
          .from(productStock)
          .where(lte(productStock.available, LOW_STOCK_THRESHOLD))
      ).map((row) => [row.id, Math.max(0, row.available)]),
    );
    const shown = new Set(
      rows.filter((row) => row.published && !row.retiredAt).map((row) => row.id),
    );
    const all = rows.map((row): ShopProduct => {
      const described = altsOfImages(row.images, alts);
      return {
        ...productOfRow(row),
        ...(Object.keys(described).length > 0 ? { pictureAlts: described } : {}),
        ...(fewLeft.has(row.id) ? { unitsLeft: fewLeft.get(row.id) } : {}),
      };
    });
    const featuredAt = new Map(
      rows.flatMap((row) =>
        row.featuredPosition === null ? [] : [[row.id, row.featuredPosition] as const],
      ),
    );
    return snapshotOf(state?.version ?? 0, all, shown, oldSlugs, featuredAt);
  });
}

export class SlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`The address /products/${slug} belongs to another product.`);
    this.name = "SlugTakenError";
  }
}

/** The old slug stays as a 301; another product's current or old slug is refused. */
export async function renameProductSlug(tx: Db | Tx, id: number, newSlug: string) {
  if (!SLUG_PATTERN.test(newSlug) || newSlug.length > MAX_SLUG_LENGTH) {
    throw new RangeError(`Not a slug: ${JSON.stringify(newSlug)}`);
  }
  const [product] = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(eq(products.id, id))
    .for("update");
  if (!product) return false;
  if (product.slug === newSlug) return true;
  if (await slugHeldByAnother(tx, newSlug, id)) throw new SlugTakenError(newSlug);
  await tx
    .update(products)
    .set({
      slug: newSlug,
      version: sql`${products.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(products.id, id));
  await recordSlugMove(tx, id, product.slug, newSlug);
  await markCatalogueChanged(tx);
  return true;
}

export async function slugHeldByAnother(tx: Db | Tx, slug: string, id?: number) {
  const [owner] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.slug, slug));
  if (owner && owner.id !== id) return true;
  const [former] = await tx
    .select({ productId: productSlugs.productId })
    .from(productSlugs)
    .where(eq(productSlugs.slug, slug));
  return former !== undefined && former.productId !== id;
}

export async function recordSlugMove(tx: Db | Tx, id: number, oldSlug: string, newSlug: string) {
  await tx.delete(productSlugs).where(eq(productSlugs.slug, newSlug));
  await tx
    .insert(productSlugs)
    .values({ slug: oldSlug, productId: id })
    .onConflictDoNothing({ target: productSlugs.slug });
}

/**
 * Only an empty catalogue: staff own it from then on. Instances starting together seed it once.
 * `featured` lists the ids to feature on the home page, in order.
 */
export async function seedCatalogue(
  db: Db,
  seed: readonly Product[],
  samples: () => Promise<SampleFiles> = async () => new Map(),
  featured: readonly number[] = [],
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [existing] = await tx.select({ n: count() }).from(products);
    if ((existing?.n ?? 0) > 0 || seed.length === 0) return 0;
    const seeded = withSlugs(seed);
    const featuredAt = new Map(featured.map((id, index) => [id, index + 1]));
    await tx.insert(products).values(
      seeded.map((product) => ({
        ...rowOfProduct(product),
        featuredPosition: featuredAt.get(product.id) ?? null,
      })),
    );
    await seedSampleFiles(tx, seeded, await samples());
    // Ids came from the file: new products continue after the highest.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`,
    );
    await seedStock(tx, seed);
    await markCatalogueChanged(tx);
    return seed.length;
  });
}

async function seedSampleFiles(tx: Tx, seeded: readonly ShopProduct[], samples: SampleFiles) {
  const rows = seeded.flatMap((product) =>
    product.digital
      ? (samples.get(product.work) ?? []).map((file) =>
          productFileRow(product.id, {
            ...file,
            fileName: productFileName(product.slug, file.format),
          }),
        )
      : [],
  );
  if (rows.length > 0) await tx.insert(productFiles).values(rows);
}

/** Counts already in the database are the live ones and stay. */
export async function seedStock(db: Db | Tx, seed: readonly Product[]) {
  const counted = seed.filter((product) => product.stock !== undefined);
  if (counted.length === 0) return;
  await db
    .insert(productStock)
    .values(counted.map((product) => ({ productId: product.id, available: product.stock ?? 0 })))
    .onConflictDoNothing({ target: productStock.productId });
}
