import { and, eq, ilike, isNull } from "drizzle-orm";
import type {
  AdminProduct,
  CreateProductInput,
  UpdateProductInput,
} from "#core/admin/product-admin-schemas.ts";
import { isDigitalType } from "#core/catalog/product-files.ts";
import { numberedSlug, productSlug, workOf } from "#core/catalog/slug.ts";
import { optionsOf, variantSlugPart, type OptionValues } from "#core/catalog/variants.ts";
import {
  adminProduct,
  adminProductOf,
  changesBetween,
  containing,
  stateOf,
  type ProductValues,
} from "./admin-products.ts";
import { markCatalogueChanged, recordSlugMove, slugHeldByAnother } from "./catalogue-store.ts";
import { dropUnnamedPictures, picturesNotOwned } from "./product-pictures.ts";
import type { Db, Tx } from "../db/client.ts";
import { uniqueViolation } from "../db/errors.ts";
import { products, productSlugs, productStock, type ProductRow } from "../db/schema.ts";
import { recordAudit, type Actor } from "../staff/audit-log.ts";

// Back office (issue 25): each change is version-checked, audited before/after, and raises the
// catalogue's version in its own transaction so every instance reloads (live-catalogue.ts).

export class ProductNotFoundError extends Error {
  override name = "ProductNotFoundError";
}

export class ProductChangedError extends Error {
  override name = "ProductChangedError";
  constructor(readonly current: AdminProduct) {
    super("the product changed since it was read");
  }
}

export class SlugTakenError extends Error {
  override name = "SlugTakenError";
  constructor(readonly slug: string) {
    super(`the slug ${slug} is taken`);
  }
}

/** Another product of the work has the same format, colour and size: no choice would tell them apart. */
export class VariantTakenError extends Error {
  override name = "VariantTakenError";
  constructor(readonly otherId: number) {
    super(`product ${otherId} is that format, colour and size of the work`);
  }
}

/** The work's product (not retired) of the same format, colour and size, if any. */
async function sameVariantIn(tx: Tx, work: string, product: OptionValues, exceptId: number | null) {
  const key = (row: OptionValues) =>
    [row.type, row.color ?? "", row.size ?? ""]
      .map((value) => value.trim().toLowerCase())
      .join("\u0000");
  const siblings = await tx
    .select({ id: products.id, type: products.type, color: products.color, size: products.size })
    .from(products)
    .where(and(eq(products.work, work), isNull(products.retiredAt)));
  return siblings.find((row) => row.id !== exceptId && key(row) === key(product))?.id;
}

async function checkVariantFree(
  tx: Tx,
  work: string,
  product: OptionValues,
  exceptId: number | null,
) {
  const same = await sameVariantIn(tx, work, product, exceptId);
  if (same !== undefined) throw new VariantTakenError(same);
}

/** A work of its own for a product named like another but not its variant: "-2", "-3"… */
async function freeWork(tx: Tx, base: string) {
  for (let n = 2; ; n += 1) {
    const work = numberedSlug(base, n);
    const [taken] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.work, work))
      .limit(1);
    if (!taken) return work;
  }
}

/** `images` names pictures uploaded for another product (or none): nothing was written. */
export class PictureNotOwnedError extends Error {
  override name = "PictureNotOwnedError";
  constructor(readonly addresses: string[]) {
    super(`not this product's pictures: ${addresses.join(", ")}`);
  }
}

export const notOwnedReason = (addresses: readonly string[]) =>
  `${addresses[0]} is not a picture uploaded for this product: upload it on the product's page`;

async function checkPicturesOwned(tx: Tx, productId: number | null, images: readonly string[]) {
  const foreign = await picturesNotOwned(tx, productId, images);
  if (foreign.length > 0) throw new PictureNotOwnedError(foreign);
}

/** The row, locked for the rest of the transaction, and refused if its version moved. */
async function lockCurrent(tx: Tx, id: number, version: number): Promise<ProductRow> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for("update");
  if (!row) throw new ProductNotFoundError(`no product ${id}`);
  if (row.version !== version) {
    const current = await adminProduct(tx, id);
    if (current) throw new ProductChangedError(current);
  }
  return row;
}

/** Another product's slug, now or before a rename (that address leads to it): not free. */
const slugTaken = (tx: Tx, slug: string, exceptId?: number) =>
  slugHeldByAnother(tx, slug, exceptId);

/** The work, with what tells it from the work's other products, then "-2", "-3"… till free. */
async function freeSlug(tx: Tx, product: OptionValues & { name: string }, work: string) {
  const siblings = await tx
    .select({ type: products.type, color: products.color, size: products.size })
    .from(products)
    .where(eq(products.work, work));
  const part = variantSlugPart(product, optionsOf([product, ...siblings]));
  const base = productSlug(product, part) || "product";
  const pattern = containing(base).slice(1);
  // Old slugs too: a renamed product's old address still leads to it.
  const taken = new Set(
    [
      ...(await tx
        .select({ slug: products.slug })
        .from(products)
        .where(ilike(products.slug, pattern))),
      ...(await tx
        .select({ slug: productSlugs.slug })
        .from(productSlugs)
        .where(ilike(productSlugs.slug, pattern))),
    ].map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(numberedSlug(base, n))) return numberedSlug(base, n);
}

/** The slug constraint refused a write that raced another: the same 409 as the check's. */
async function guardSlug<T>(slug: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === "products_slug_key") throw new SlugTakenError(slug);
    throw error;
  }
}

export async function createProduct(
  db: Db,
  input: CreateProductInput,
  actor: Actor,
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const type = input.type ?? "";
    let work = input.work ?? (workOf(input) || "product");
    const variant = { ...input, type };
    // Named like another product but no other format, colour or size of it: a work of its own.
    if (input.work === undefined && (await sameVariantIn(tx, work, variant, null)) !== undefined) {
      work = await freeWork(tx, work);
    }
    await checkVariantFree(tx, work, variant, null);
    let slug = input.slug;
    if (slug === undefined) slug = await freeSlug(tx, variant, work);
    else if (await slugTaken(tx, slug)) throw new SlugTakenError(slug);
    await checkPicturesOwned(tx, null, input.images ?? []);
    const values = {
      slug,
      work,
      name: input.name,
      description: input.description ?? "",
      category: input.category,
      type,
      priceCents: input.priceCents,
      images: input.images ?? [],
      isbn: input.isbn ?? null,
      publisher: input.publisher ?? null,
      language: input.language ?? null,
      trim: input.trim ?? null,
      pageCount: input.pageCount ?? null,
      publicationDate: input.publicationDate ?? null,
      audience: input.audience ?? null,
      genre: input.genre ?? null,
      sku: input.sku ?? null,
      material: input.material ?? null,
      color: input.color ?? null,
      size: input.size ?? null,
      ageRestricted: input.ageRestricted ?? false,
      digital: input.digital ?? isDigitalType(type),
      featuredPosition: input.featuredPosition ?? null,
    } satisfies ProductValues;
    const finalSlug = slug;
    const [row] = await guardSlug(finalSlug, () =>
      tx
        .insert(products)
        .values({ ...values, published: input.published ?? false })
        .returning(),
    );
    if (!row) throw new Error("the insert returned no row");
    if (input.stock !== undefined && input.stock !== null) {
      await tx.insert(productStock).values({ productId: row.id, available: input.stock });
    }
    await recordAudit(tx, actor, {
      action: "product.create",
      entity: "product",
      entityId: row.id,
      details: { after: { ...values, published: row.published, stock: input.stock ?? null } },
    });
    await markCatalogueChanged(tx);
    return adminProductOf(row, input.stock ?? null);
  });
}

/** A change that changes nothing writes nothing (no new version, no audit entry). */
export async function updateProduct(
  db: Db,
  id: number,
  { version, ...fields }: UpdateProductInput,
  actor: Actor,
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const row = await lockCurrent(tx, id, version);
    const changes = changesBetween(row, fields as Partial<ProductValues>);
    const changed = Object.keys(changes);
    if (changed.length === 0) {
      const current = await adminProduct(tx, id);
      if (!current) throw new ProductNotFoundError(`no product ${id}`);
      return current;
    }
    if (changes.images && fields.images) await checkPicturesOwned(tx, id, fields.images);
    if (changes.work || changes.type || changes.color || changes.size) {
      const after = (field: "work" | "type" | "color" | "size") =>
        field in changes ? (changes[field]?.after as string | null) : row[field];
      await checkVariantFree(
        tx,
        after("work") ?? row.work,
        { type: after("type") ?? "", color: after("color"), size: after("size") },
        id,
      );
    }
    const slug = fields.slug;
    if (slug !== undefined && changes.slug && (await slugTaken(tx, slug, id))) {
      throw new SlugTakenError(slug);
    }
    const set = Object.fromEntries(changed.map((field) => [field, changes[field]?.after]));
    await guardSlug(slug ?? row.slug, () =>
      tx
        .update(products)
        .set({ ...set, version: row.version + 1, updatedAt: new Date() })
        .where(eq(products.id, id)),
    );
    if (slug !== undefined && changes.slug) await recordSlugMove(tx, id, row.slug, slug);
    // A picture taken out of the list is deleted with its files.
    if (changes.images && fields.images) await dropUnnamedPictures(tx, id, fields.images);
    await recordAudit(tx, actor, {
      action: "product.update",
      entity: "product",
      entityId: id,
      details: {
        before: Object.fromEntries(changed.map((field) => [field, changes[field]?.before])),
        after: set,
      },
    });
    await markCatalogueChanged(tx);
    const updated = await adminProduct(tx, id);
    if (!updated) throw new ProductNotFoundError(`no product ${id}`);
    return updated;
  });
}

const STATE_CHANGES = {
  publish: { state: "published", action: "product.publish" },
  unpublish: { state: "draft", action: "product.unpublish" },
  retire: { state: "retired", action: "product.retire" },
} as const;

export type StateChange = keyof typeof STATE_CHANGES;

/** Retiring never deletes (orders name the product); already in that state, nothing is written. */
export async function changeProductState(
  db: Db,
  id: number,
  version: number,
  change: StateChange,
  actor: Actor,
): Promise<AdminProduct> {
  const { state, action } = STATE_CHANGES[change];
  return db.transaction(async (tx) => {
    const row = await lockCurrent(tx, id, version);
    const before = stateOf(row);
    if (before === state) {
      const current = await adminProduct(tx, id);
      if (!current) throw new ProductNotFoundError(`no product ${id}`);
      return current;
    }
    await tx
      .update(products)
      .set({
        published: state === "published",
        retiredAt: state === "retired" ? new Date() : null,
        version: row.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(products.id, id));
    await recordAudit(tx, actor, {
      action,
      entity: "product",
      entityId: id,
      details: { before: { state: before }, after: { state } },
    });
    await markCatalogueChanged(tx);
    const updated = await adminProduct(tx, id);
    if (!updated) throw new ProductNotFoundError(`no product ${id}`);
    return updated;
  });
}
