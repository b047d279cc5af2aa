import { and, eq } from "drizzle-orm";
import type { AdminProduct } from "#core/admin/product-admin-schemas.ts";
import { PRODUCT_LIMITS } from "#core/admin/product-admin-schemas.ts";
import { pictureAddress } from "#core/catalog/pictures.ts";
import { markCatalogueChanged } from "./catalogue-store.ts";
import type { PreparedPicture } from "./picture-processing.ts";
import type { Db, Tx } from "../db/client.ts";
import { productPictureFiles, productPictures, products } from "../db/schema.ts";
import { recordAudit, type Actor } from "../staff/audit-log.ts";
import { adminProduct } from "./admin-products.ts";
import { ProductNotFoundError } from "./product-editing.ts";

// Reordering and removing are edits of `images` (product-editing.ts), which drop unnamed files.

export class TooManyPicturesError extends Error {
  override name = "TooManyPicturesError";
}

export class PictureNotFoundError extends Error {
  override name = "PictureNotFoundError";
}

export async function lockProduct(tx: Tx, id: number) {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for("update");
  if (!row) throw new ProductNotFoundError(`no product ${id}`);
  return row;
}

/** The product as staff see it now; it must exist (the caller holds its lock). */
export async function currentProduct(tx: Tx, id: number): Promise<AdminProduct> {
  const product = await adminProduct(tx, id);
  if (!product) throw new ProductNotFoundError(`no product ${id}`);
  return product;
}

async function changed(tx: Tx, id: number): Promise<AdminProduct> {
  await markCatalogueChanged(tx);
  return currentProduct(tx, id);
}

/** A new product version too: a form opened before would drop this picture on saving. */
export async function addProductPicture(
  db: Db,
  productId: number,
  alt: string,
  picture: PreparedPicture,
  actor: Actor,
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const row = await lockProduct(tx, productId);
    if (row.images.length >= PRODUCT_LIMITS.imagesMax) throw new TooManyPicturesError();
    const [stored] = await tx
      .insert(productPictures)
      .values({ productId, alt, width: picture.width, height: picture.height })
      .returning({ id: productPictures.id });
    if (!stored) throw new Error("the insert returned no row");
    await tx
      .insert(productPictureFiles)
      .values(picture.files.map((file) => ({ pictureId: stored.id, ...file })));
    const largest = Math.max(...picture.files.map((file) => file.width));
    const address = pictureAddress(stored.id, largest, "webp");
    await tx
      .update(products)
      .set({ images: [...row.images, address], version: row.version + 1, updatedAt: new Date() })
      .where(eq(products.id, productId));
    await recordAudit(tx, actor, {
      action: "product.picture_add",
      entity: "product",
      entityId: productId,
      details: {
        after: { picture: address, alt, width: picture.width, height: picture.height },
      },
    });
    return changed(tx, productId);
  });
}

export async function describePicture(
  db: Db,
  productId: number,
  pictureId: number,
  alt: string,
  actor: Actor,
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const row = await lockProduct(tx, productId);
    const [picture] = await tx
      .select({ alt: productPictures.alt })
      .from(productPictures)
      .where(and(eq(productPictures.id, pictureId), eq(productPictures.productId, productId)));
    if (!picture) throw new PictureNotFoundError(`no picture ${pictureId}`);
    if (picture.alt === alt) {
      const current = await adminProduct(tx, productId);
      if (!current) throw new ProductNotFoundError(`no product ${productId}`);
      return current;
    }
    await tx.update(productPictures).set({ alt }).where(eq(productPictures.id, pictureId));
    await tx
      .update(products)
      .set({ version: row.version + 1, updatedAt: new Date() })
      .where(eq(products.id, productId));
    await recordAudit(tx, actor, {
      action: "product.picture_describe",
      entity: "product",
      entityId: productId,
      details: { before: { alt: picture.alt }, after: { alt }, picture: pictureId },
    });
    return changed(tx, productId);
  });
}
