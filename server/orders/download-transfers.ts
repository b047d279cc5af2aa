import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { ProductFileFormat } from "#core/catalog/product-files.ts";
import type { Db } from "../db/client.ts";
import {
  orderDownloads,
  orders,
  productFiles,
  type OrderDownloadRow,
  type OrderRow,
} from "../db/schema.ts";
import { downloadsOpen, type DownloadRules } from "./download-links.ts";
import { sameSecret } from "./order-reading.ts";

/** Later than this a resume counts as a new download (decision 028 has the transfer rules). */
export const RESUME_WINDOW_MS = 10 * 60 * 1000;

export interface ResumePoint {
  from: number;
  slack: number;
}

/**
 * Bytes in kernel buffers are lost with the connection, so a resume may start up to half of what
 * was sent early; the first half is never re-sent free, so one count cannot make two copies.
 */
export function resumePoint(start: number, sent: number): ResumePoint {
  return { from: start + sent, slack: Math.floor(sent / 2) };
}

export type DownloadRefusal = "not_found" | "revoked" | "expired" | "used_up" | "file_missing";

export interface DownloadFile {
  fileName: string;
  format: ProductFileFormat;
  size: number;
  sha256: string;
}

export type DownloadAnswer =
  | {
      ok: false;
      refusal: DownloadRefusal;
      order?: Pick<OrderRow, "id" | "number" | "accessToken" | "userId">;
    }
  | {
      ok: true;
      order: Pick<OrderRow, "id" | "number" | "accessToken" | "userId">;
      download: OrderDownloadRow;
      file: DownloadFile;
    };

/** Counts nothing (`startTransfer` does), so a `Range` that cannot be served costs none. */
export async function openDownload(
  db: Db,
  secret: string,
  orderToken: string | undefined,
): Promise<DownloadAnswer> {
  const [found] = await db
    .select({ download: orderDownloads, order: orders })
    .from(orderDownloads)
    .innerJoin(orders, eq(orders.id, orderDownloads.orderId))
    .where(eq(orderDownloads.secret, secret))
    .limit(1);
  if (!found || !orderToken || !sameSecret(orderToken, found.order.accessToken)) {
    return { ok: false, refusal: "not_found" };
  }
  const order = found.order;
  const refuse = (refusal: DownloadRefusal): DownloadAnswer => ({ ok: false, refusal, order });
  if (!downloadsOpen(order)) return refuse("revoked");
  if (found.download.expiresAt.getTime() <= Date.now()) return refuse("expired");
  const download = found.download;
  const [file] = await db
    .select({
      fileName: productFiles.fileName,
      format: productFiles.format,
      size: productFiles.size,
      sha256: productFiles.sha256,
    })
    .from(productFiles)
    .where(
      and(eq(productFiles.productId, download.productId), eq(productFiles.format, download.format)),
    );
  if (!file) return refuse("file_missing");
  return { ok: true, order, download, file };
}

export type TransferAnswer =
  | { ok: false; refusal: "used_up" | "file_missing" }
  | {
      ok: true;
      counted: boolean;
      download: OrderDownloadRow;
      bytes: Buffer;
    };

class FileReplaced extends Error {}

/** Resume-or-count rules, atomic against concurrent requests: decision 028. */
export async function startTransfer(
  db: Db,
  download: Pick<OrderDownloadRow, "id" | "productId" | "format">,
  file: DownloadFile,
  part: { start: number; end: number } | undefined,
  rules: DownloadRules,
): Promise<TransferAnswer> {
  const start = part?.start ?? 0;
  const end = part?.end ?? file.size - 1;
  const stop = end + 1 < file.size ? resumePoint(start, end + 1 - start) : undefined;
  const resume = stop
    ? { resumeFrom: stop.from, resumeSlack: stop.slack, resumeStoppedAt: sql`now()` }
    : { resumeFrom: null, resumeSlack: null, resumeStoppedAt: null };
  try {
    return await db.transaction(async (tx) => {
      let counted = false;
      // From the first byte it is a new download, whatever came before.
      let [row] =
        start > 0
          ? await tx
              .update(orderDownloads)
              .set(resume)
              .where(
                and(
                  eq(orderDownloads.id, download.id),
                  isNotNull(orderDownloads.resumeFrom),
                  sql`${orderDownloads.resumeStoppedAt} > now() - make_interval(secs => ${RESUME_WINDOW_MS / 1000})`,
                  sql`${start} between ${orderDownloads.resumeFrom} - ${orderDownloads.resumeSlack} and ${orderDownloads.resumeFrom}`,
                ),
              )
              .returning()
          : [];
      if (!row) {
        [row] = await tx
          .update(orderDownloads)
          .set({
            downloads: sql`${orderDownloads.downloads} + 1`,
            lastDownloadedAt: sql`now()`,
            ...resume,
          })
          .where(
            and(
              eq(orderDownloads.id, download.id),
              sql`${orderDownloads.downloads} < ${rules.limit}`,
            ),
          )
          .returning();
        if (!row) return { ok: false, refusal: "used_up" } as const;
        counted = true;
      }
      const [stored] = await tx
        .select({ bytes: productFiles.bytes })
        .from(productFiles)
        .where(
          and(
            eq(productFiles.productId, download.productId),
            eq(productFiles.format, download.format),
            eq(productFiles.sha256, file.sha256),
          ),
        );
      if (!stored) throw new FileReplaced();
      return { ok: true, counted, download: row, bytes: stored.bytes.subarray(start, end + 1) };
    });
  } catch (error) {
    // Replaced or removed since it was opened: the buyer tries again and gets the new one.
    if (error instanceof FileReplaced) return { ok: false, refusal: "file_missing" };
    throw error;
  }
}

export async function recordStop(db: Db, downloadId: number, point: ResumePoint) {
  await db
    .update(orderDownloads)
    .set({ resumeFrom: point.from, resumeSlack: point.slack, resumeStoppedAt: sql`now()` })
    .where(eq(orderDownloads.id, downloadId));
}
