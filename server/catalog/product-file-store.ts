import { createHash } from "node:crypto";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { ProductFile, ProductFileFormat } from "#core/catalog/product-files.ts";
import type { Db, Tx } from "../db/client.ts";
import { productFiles, products } from "../db/schema.ts";

const listed = {
  id: productFiles.id,
  productId: productFiles.productId,
  format: productFiles.format,
  fileName: productFiles.fileName,
  size: productFiles.size,
  sha256: productFiles.sha256,
  isSample: productFiles.isSample,
  createdAt: productFiles.createdAt,
};

export async function productFilesOf(
  executor: Db | Tx,
  productIds: readonly number[],
): Promise<Map<number, ProductFile[]>> {
  const found = new Map<number, ProductFile[]>();
  if (productIds.length === 0) return found;
  const rows = await executor
    .select(listed)
    .from(productFiles)
    .where(inArray(productFiles.productId, [...productIds]))
    .orderBy(asc(productFiles.productId), asc(productFiles.format));
  for (const { productId, createdAt, ...file } of rows) {
    found.set(productId, [
      ...(found.get(productId) ?? []),
      { ...file, createdAt: createdAt.toISOString() },
    ]);
  }
  return found;
}

export interface NewProductFile {
  format: ProductFileFormat;
  fileName: string;
  bytes: Buffer;
  isSample: boolean;
}

export const productFileRow = (productId: number, file: NewProductFile) => ({
  productId,
  format: file.format,
  fileName: file.fileName,
  bytes: file.bytes,
  size: file.bytes.length,
  sha256: createHash("sha256").update(file.bytes).digest("hex"),
  isSample: file.isSample,
});

/** A product still delivered as the shop's sample chapter: not ready for launch. */
export interface SampleFileProduct {
  id: number;
  name: string;
  type: string;
  formats: ProductFileFormat[];
}

export async function productsWithSampleFiles(db: Db): Promise<SampleFileProduct[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      type: products.type,
      format: productFiles.format,
    })
    .from(productFiles)
    .innerJoin(products, eq(products.id, productFiles.productId))
    .where(and(eq(productFiles.isSample, true), isNull(products.retiredAt)))
    .orderBy(asc(products.id), asc(productFiles.format));
  const found = new Map<number, SampleFileProduct>();
  for (const { format, ...product } of rows) {
    const entry = found.get(product.id) ?? { ...product, formats: [] };
    entry.formats.push(format);
    found.set(product.id, entry);
  }
  return [...found.values()];
}
