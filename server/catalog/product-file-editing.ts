import { and, eq } from "drizzle-orm";
import type { AdminProduct } from "#core/admin/product-admin-schemas.ts";
import { productFileRow, type NewProductFile } from "./product-file-store.ts";
import type { Db } from "../db/client.ts";
import { productFiles } from "../db/schema.ts";
import { recordAudit, type Actor } from "../staff/audit-log.ts";
import { currentProduct, lockProduct } from "./picture-editing.ts";

// The shop never shows these files, so the catalogue's version stays.

/** Files belong to products delivered by download: mark the product digital first. */
export class NotDigitalError extends Error {
  override name = "NotDigitalError";
}

export class ProductFileNotFoundError extends Error {
  override name = "ProductFileNotFoundError";
}

/** What the audit log keeps of a file: never its bytes. */
const described = (file: {
  fileName: string;
  size: number;
  sha256: string;
  isSample: boolean;
}) => ({
  fileName: file.fileName,
  size: file.size,
  sha256: file.sha256,
  isSample: file.isSample,
});

export async function addProductFile(
  db: Db,
  productId: number,
  file: NewProductFile,
  actor: Actor,
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    if (!product.digital) throw new NotDigitalError(`product ${productId} is not digital`);
    const [old] = await tx
      .delete(productFiles)
      .where(and(eq(productFiles.productId, productId), eq(productFiles.format, file.format)))
      .returning();
    const [stored] = await tx
      .insert(productFiles)
      .values(productFileRow(productId, file))
      .returning();
    if (!stored) throw new Error("the insert returned no row");
    await recordAudit(tx, actor, {
      action: old ? "product.file_replace" : "product.file_add",
      entity: "product",
      entityId: productId,
      details: {
        format: file.format,
        ...(old ? { before: described(old) } : {}),
        after: described(stored),
      },
    });
    return currentProduct(tx, productId);
  });
}

export async function removeProductFile(
  db: Db,
  productId: number,
  fileId: number,
  actor: Actor,
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const [removed] = await tx
      .delete(productFiles)
      .where(and(eq(productFiles.id, fileId), eq(productFiles.productId, productId)))
      .returning();
    if (!removed) throw new ProductFileNotFoundError(`no file ${fileId}`);
    await recordAudit(tx, actor, {
      action: "product.file_remove",
      entity: "product",
      entityId: productId,
      details: { format: removed.format, before: described(removed) },
    });
    return currentProduct(tx, productId);
  });
}
