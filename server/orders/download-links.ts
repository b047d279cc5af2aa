import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DownloadLink, DownloadState } from "#core/orders/order.ts";
import { DOWNLOADABLE_STATUSES } from "#core/orders/order-status.ts";
import type { Db, Tx } from "../db/client.ts";
import {
  orderDownloads,
  orderLines,
  productFiles,
  type OrderDownloadRow,
  type OrderLineRow,
  type OrderRow,
} from "../db/schema.ts";

// Decision 026. A link sends the product's file as it is now, so a replaced file reaches earlier
// buyers too.

export interface DownloadRules {
  linkDays: number;
  limit: number;
}

export const DEFAULT_DOWNLOAD_RULES: DownloadRules = { linkDays: 30, limit: 5 };

const DAY_MS = 24 * 60 * 60 * 1000;

const newSecret = () => randomBytes(24).toString("base64url");

export function downloadPath(secret: string, orderToken: string): string {
  return `/downloads/${secret}?token=${encodeURIComponent(orderToken)}`;
}

export function downloadState(
  row: Pick<OrderDownloadRow, "expiresAt" | "downloads">,
  rules: DownloadRules,
  now = new Date(),
): DownloadState {
  if (row.expiresAt.getTime() <= now.getTime()) return "expired";
  if (row.downloads >= rules.limit) return "used_up";
  return "ready";
}

export const downloadsOpen = (order: Pick<OrderRow, "status">) =>
  DOWNLOADABLE_STATUSES.includes(order.status);

export function downloadLinks(
  order: Pick<OrderRow, "status" | "accessToken">,
  lines: readonly Pick<OrderLineRow, "productId" | "name" | "position">[],
  rows: readonly OrderDownloadRow[],
  rules: DownloadRules,
  now = new Date(),
): DownloadLink[] {
  if (!downloadsOpen(order)) return [];
  const position = new Map(lines.map((line) => [line.productId, line]));
  return [...rows]
    .sort(
      (a, b) =>
        (position.get(a.productId)?.position ?? 0) - (position.get(b.productId)?.position ?? 0) ||
        a.format.localeCompare(b.format),
    )
    .map((row) => ({
      id: row.id,
      productId: row.productId,
      name: position.get(row.productId)?.name ?? "",
      format: row.format,
      url: downloadPath(row.secret, order.accessToken),
      expiresAt: row.expiresAt.toISOString(),
      downloads: row.downloads,
      limit: rules.limit,
      state: downloadState(row, rules, now),
    }));
}

export async function downloadRowsOf(executor: Db | Tx, orderId: number) {
  return executor
    .select()
    .from(orderDownloads)
    .where(eq(orderDownloads.orderId, orderId))
    .orderBy(asc(orderDownloads.id));
}

/** Safe to run again: it adds only the links missing (a product without a file yet gets none). */
export async function issueDownloads(tx: Tx, orderId: number, rules: DownloadRules) {
  const digital = await tx
    .select({ productId: orderLines.productId })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.digital, true)));
  if (digital.length === 0) return 0;
  const files = await tx
    .select({ productId: productFiles.productId, format: productFiles.format })
    .from(productFiles)
    .where(
      inArray(
        productFiles.productId,
        digital.map((line) => line.productId),
      ),
    );
  if (files.length > 0) {
    await tx
      .insert(orderDownloads)
      .values(
        files.map((file) => ({
          orderId,
          productId: file.productId,
          format: file.format,
          secret: newSecret(),
          expiresAt: sql`now() + make_interval(secs => ${rules.linkDays * 86_400})`,
        })),
      )
      .onConflictDoNothing({
        target: [orderDownloads.orderId, orderDownloads.productId, orderDownloads.format],
      });
  }
  const [count] = await tx
    .select({ links: sql<number>`count(*)::int` })
    .from(orderDownloads)
    .where(eq(orderDownloads.orderId, orderId));
  return count?.links ?? 0;
}

/** A new secret stops the old address working; the download count stays. */
export async function renewDownload(
  executor: Db | Tx,
  orderId: number,
  downloadId: number,
  rules: DownloadRules,
) {
  const [renewed] = await executor
    .update(orderDownloads)
    .set({
      secret: newSecret(),
      expiresAt: new Date(Date.now() + rules.linkDays * DAY_MS),
    })
    .where(and(eq(orderDownloads.id, downloadId), eq(orderDownloads.orderId, orderId)))
    .returning();
  return renewed;
}

export async function resetDownloadCount(tx: Tx, orderId: number, downloadId: number) {
  const [before] = await tx
    .select({ downloads: orderDownloads.downloads })
    .from(orderDownloads)
    .where(and(eq(orderDownloads.id, downloadId), eq(orderDownloads.orderId, orderId)))
    .for("update");
  if (!before) return undefined;
  const [reset] = await tx
    .update(orderDownloads)
    .set({ downloads: 0 })
    .where(eq(orderDownloads.id, downloadId))
    .returning();
  return reset ? { before: before.downloads, row: reset } : undefined;
}
