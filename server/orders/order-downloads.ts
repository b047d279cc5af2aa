import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { ProductFileFormat } from "#core/catalog/product-files.ts";
import type { DownloadLink, DownloadState } from "#core/orders/order.ts";
import { DOWNLOADABLE_STATUSES } from "#core/orders/order-status.ts";
import type { Db, Tx } from "../db/client.ts";
import {
  orderDownloads,
  orderLines,
  orders,
  productFiles,
  type OrderDownloadRow,
  type OrderLineRow,
  type OrderRow,
} from "../db/schema.ts";

// A paid order's eBooks are delivered by download links (issue 26, decision 026): one link per
// digital line's file, unguessable, working only with the order's own token, for
// DOWNLOAD_LINK_DAYS and DOWNLOAD_LIMIT downloads. The file sent is the product's as it is at
// download time, so a sample replaced by the real book reaches earlier buyers too.

export interface DownloadRules {
  /** Days a link works from when it was made (DOWNLOAD_LINK_DAYS). */
  linkDays: number;
  /** Downloads one link allows (DOWNLOAD_LIMIT); staff can reset the count. */
  limit: number;
}

export const DEFAULT_DOWNLOAD_RULES: DownloadRules = { linkDays: 30, limit: 5 };

/**
 * A part of the file asked for with `Range` that does not start at its first byte resumes a
 * download already counted: allowed this long after the last counted one.
 */
export const RESUME_WINDOW_MS = 24 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

const newSecret = () => randomBytes(24).toString("base64url");

/** The site-relative address that downloads a link's file with its order's token. */
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

/** Whether the order's links work: it is paid for and neither cancelled nor refunded. */
export const downloadsOpen = (order: Pick<OrderRow, "status">) =>
  DOWNLOADABLE_STATUSES.includes(order.status);

/** The order's links as its buyer sees them; none while it is unpaid or once cancelled. */
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

/**
 * Makes the links of a paid order's digital lines: one per file each product has now. A line
 * whose product has no file yet gets none (staff see it); run again, it adds only what is
 * missing. Returns how many links the order has.
 */
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

/**
 * A fresh link in place of one: a new secret (the old address stops working) and a new date;
 * the count stays. Undefined when the order has no such link.
 */
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

/** Staff give a link its downloads back. Undefined when the order has no such link. */
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

/** Why a download was refused, as the route answers it. */
export type DownloadRefusal =
  /** No link with that secret, or the token is not its order's: a stranger. */
  | "not_found"
  /** The order is not paid for, or was cancelled or refunded. */
  | "revoked"
  | "expired"
  | "used_up"
  /** The product's file was removed since the link was made. */
  | "file_missing";

export type DownloadAnswer =
  | {
      ok: false;
      refusal: DownloadRefusal;
      /** The order, when the asker proved they may see it (for a way back to it). */
      order?: Pick<OrderRow, "id" | "number" | "accessToken" | "userId">;
    }
  | {
      ok: true;
      order: Pick<OrderRow, "id" | "number" | "accessToken" | "userId">;
      download: OrderDownloadRow;
      file: { fileName: string; format: ProductFileFormat; bytes: Buffer; sha256: string };
    };

/**
 * Opens a download: the link's secret finds it, the order's token must be its order's, the
 * order must be paid and not cancelled, the link unexpired and under its limit. Each download
 * counts one (atomically, so two at once cannot pass the limit together), except a later part
 * of the file (`Range` past its first byte) within a day of the last counted one: a download
 * manager resuming, not a new copy.
 */
export async function openDownload(
  db: Db,
  secret: string,
  orderToken: string | undefined,
  fromFirstByte: boolean,
  rules: DownloadRules,
  sameSecret: (given: string, expected: string) => boolean,
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
  const state = downloadState(found.download, rules);
  if (state === "expired") return refuse("expired");

  let download = found.download;
  const last = download.lastDownloadedAt?.getTime();
  const resumes = !fromFirstByte && last !== undefined && Date.now() - last <= RESUME_WINDOW_MS;
  if (!resumes) {
    const [counted] = await db
      .update(orderDownloads)
      .set({
        downloads: sql`${orderDownloads.downloads} + 1`,
        lastDownloadedAt: sql`now()`,
      })
      .where(
        and(eq(orderDownloads.id, download.id), sql`${orderDownloads.downloads} < ${rules.limit}`),
      )
      .returning();
    if (!counted) return refuse("used_up");
    download = counted;
  }

  const [file] = await db
    .select({
      fileName: productFiles.fileName,
      format: productFiles.format,
      bytes: productFiles.bytes,
      sha256: productFiles.sha256,
    })
    .from(productFiles)
    .where(
      and(eq(productFiles.productId, download.productId), eq(productFiles.format, download.format)),
    );
  if (!file) return refuse("file_missing");
  return { ok: true, order, download, file };
}
