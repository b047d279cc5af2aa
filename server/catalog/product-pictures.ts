import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { parsePictureAddress, pictureAddress, type PictureFormat } from "#core/catalog/pictures.ts";
import type { Db, Tx } from "../db/client.ts";
import { productPictureFiles, productPictures, products } from "../db/schema.ts";

export async function pictureAlts(
  executor: Db | Tx,
  productIds?: readonly number[],
): Promise<Map<number, string>> {
  if (productIds?.length === 0) return new Map();
  const rows = await executor
    .select({ id: productPictures.id, alt: productPictures.alt })
    .from(productPictures)
    .where(productIds ? inArray(productPictures.productId, [...productIds]) : undefined);
  return new Map(rows.map((row) => [row.id, row.alt]));
}

export function altsOfImages(
  images: readonly string[],
  alts: ReadonlyMap<number, string>,
): Record<string, string> {
  const found: Record<string, string> = {};
  for (const src of images) {
    const address = parsePictureAddress(src);
    const alt = address ? alts.get(address.id) : undefined;
    if (alt !== undefined) found[src] = alt;
  }
  return found;
}

export async function readPictureFile(
  db: Db,
  id: number,
  width: number,
  format: PictureFormat,
): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ bytes: productPictureFiles.bytes })
    .from(productPictureFiles)
    .where(
      and(
        eq(productPictureFiles.pictureId, id),
        eq(productPictureFiles.width, width),
        eq(productPictureFiles.format, format),
      ),
    );
  return row?.bytes;
}

/** Never one another product still lists; an import never calls this (it takes no picture away). */
export async function dropUnnamedPictures(tx: Tx, productId: number, images: readonly string[]) {
  const kept = images.flatMap((src) => {
    const address = parsePictureAddress(src);
    return address ? [address.id] : [];
  });
  // The files go with their picture (ON DELETE CASCADE).
  await tx.delete(productPictures).where(
    and(
      eq(productPictures.productId, productId),
      kept.length > 0 ? notInArray(productPictures.id, kept) : undefined,
      sql`not exists (select 1 from ${products} as other, unnest(other.images) as listed(src)
          where other.id <> ${productId}
            and listed.src like '/pictures/' || ${productPictures.id} || '-%')`,
    ),
  );
}

/** A product lists only its own uploads: removing another's there would break this one. */
export async function picturesNotOwned(
  tx: Tx,
  productId: number | null,
  images: readonly string[],
): Promise<string[]> {
  const named = images.flatMap((src) => {
    const address = parsePictureAddress(src);
    return address ? [{ src, id: address.id }] : [];
  });
  if (named.length === 0) return [];
  const made =
    productId === null
      ? []
      : await tx
          .select({
            id: productPictureFiles.pictureId,
            width: productPictureFiles.width,
            format: productPictureFiles.format,
          })
          .from(productPictureFiles)
          .innerJoin(productPictures, eq(productPictures.id, productPictureFiles.pictureId))
          .where(
            and(
              eq(productPictures.productId, productId),
              inArray(
                productPictureFiles.pictureId,
                named.map((picture) => picture.id),
              ),
            ),
          );
  const own = new Set(
    made.map((file) => pictureAddress(file.id, file.width, file.format as PictureFormat)),
  );
  return named.filter((picture) => !own.has(picture.src)).map((picture) => picture.src);
}
