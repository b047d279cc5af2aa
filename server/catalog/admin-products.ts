import { and, asc, eq, ilike, isNotNull, isNull, not, or, sql, type SQL } from "drizzle-orm";
import type { ProductFile } from "#core/catalog/product-files.ts";
import {
  PRODUCT_FIELDS,
  type AdminProduct,
  type AdminProductListQuery,
  type ProductField,
} from "#core/admin/product-admin-schemas.ts";
import { productFilesOf } from "./product-file-store.ts";
import { altsOfImages, pictureAlts } from "./product-pictures.ts";
import type { Db, Tx } from "../db/client.ts";
import { products, productStock, type ProductRow } from "../db/schema.ts";

// The back office's catalogue as staff see it: drafts and retired products too, with live stock.

/** A product's columns a staff member may set. */
export type ProductValues = Pick<ProductRow, ProductField>;

export function stateOf(row: ProductRow): AdminProduct["state"] {
  if (row.retiredAt) return "retired";
  return row.published ? "published" : "draft";
}

export function adminProductOf(
  row: ProductRow,
  stock: number | null,
  alts: ReadonlyMap<number, string> = new Map(),
  files: readonly ProductFile[] = [],
): AdminProduct {
  // Every column as it is (null for an empty field), but the dates as text and the state named.
  const { createdAt: _created, retiredAt, updatedAt, ...columns } = row;
  return {
    ...columns,
    retiredAt: retiredAt?.toISOString() ?? null,
    state: stateOf(row),
    stock,
    updatedAt: updatedAt.toISOString(),
    pictureAlts: altsOfImages(row.images, alts),
    files: [...files],
  };
}

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const selectWithStock = (executor: Db | Tx) =>
  executor
    .select({ product: products, stock: productStock.available })
    .from(products)
    .leftJoin(productStock, eq(productStock.productId, products.id));

/** Every product, drafts and retired ones too, with its live count; filtered, in id order (featured ones in their order). */
export async function listAdminProducts(
  db: Db,
  query: AdminProductListQuery,
): Promise<AdminProduct[]> {
  const where: SQL[] = [];
  if (query.q) {
    const pattern = containing(query.q);
    const isbnDigits = query.q.replace(/[-\s]/g, "");
    const match = or(
      ilike(products.name, pattern),
      ilike(products.sku, pattern),
      ilike(products.isbn, pattern),
      ...(isbnDigits
        ? [sql`replace(${products.isbn}, '-', '') ilike ${containing(isbnDigits)}`]
        : []),
    );
    if (match) where.push(match);
  }
  if (query.category) where.push(sql`lower(${products.category}) = lower(${query.category})`);
  if (query.work) where.push(eq(products.work, query.work));
  if (query.featured) where.push(isNotNull(products.featuredPosition));
  if (query.state === "retired") where.push(isNotNull(products.retiredAt));
  if (query.state === "published") {
    where.push(isNull(products.retiredAt), eq(products.published, true));
  }
  if (query.state === "draft") where.push(isNull(products.retiredAt), not(products.published));
  const rows = await selectWithStock(db)
    .where(and(...where))
    .orderBy(...(query.featured ? [asc(products.featuredPosition)] : []), asc(products.id));
  const ids = rows.map((row) => row.product.id);
  const alts = await pictureAlts(db, ids);
  const files = await productFilesOf(db, ids);
  return rows.map((row) => adminProductOf(row.product, row.stock, alts, files.get(row.product.id)));
}

export async function adminProduct(executor: Db | Tx, id: number): Promise<AdminProduct | null> {
  const [row] = await selectWithStock(executor).where(eq(products.id, id));
  if (!row) return null;
  const files = await productFilesOf(executor, [id]);
  return adminProductOf(row.product, row.stock, await pictureAlts(executor, [id]), files.get(id));
}

/** Same value? Arrays (pictures) compare by content. */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields `after` changes, each with its value before and after. */
export function changesBetween(before: ProductValues, after: Partial<ProductValues>) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of PRODUCT_FIELDS) {
    if (!(field in after)) continue;
    const next = after[field];
    if (next === undefined || same(before[field], next)) continue;
    changes[field] = { before: before[field], after: next };
  }
  return changes;
}
