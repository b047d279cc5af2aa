import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
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
 * How long after a transfer stopped short a resume of it stays uncounted (decision 028): a
 * download manager retries within seconds and a person presses "resume" after a dropped
 * connection within minutes; later than this it is a new download and counts.
 */
export const RESUME_WINDOW_MS = 10 * 60 * 1000;

/** Where a transfer stopped short: a resume may start from `from - slack` to `from`. */
export interface ResumePoint {
  from: number;
  slack: number;
}

/**
 * The resume point of a transfer that began at byte `start` and handed `sent` bytes to the
 * socket. What the socket took is more than the buyer got: the bytes in the kernel's buffers
 * and on the wire are lost with the connection, so a real resume starts somewhat before `from`.
 * Half of what was sent covers that (TCP keeps in flight about as much as it has had
 * acknowledged, and buffers grow with it) while the first half of a transfer is never sent
 * again uncounted: one count cannot make two copies of the file.
 */
export function resumePoint(start: number, sent: number): ResumePoint {
  return { from: start + sent, slack: Math.floor(sent / 2) };
}

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

/** The file a link sends, without its bytes: enough to answer `Range` before counting. */
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
      /** The order, when the asker proved they may see it (for a way back to it). */
      order?: Pick<OrderRow, "id" | "number" | "accessToken" | "userId">;
    }
  | {
      ok: true;
      order: Pick<OrderRow, "id" | "number" | "accessToken" | "userId">;
      download: OrderDownloadRow;
      file: DownloadFile;
    };

/**
 * Finds a download and checks it may go ahead: the link's secret finds it, the order's token
 * must be its order's, the order paid and not cancelled, the link unexpired and its file there.
 * Nothing is counted yet (see `startTransfer`), so a `Range` that cannot be served costs none.
 */
export async function openDownload(
  db: Db,
  secret: string,
  orderToken: string | undefined,
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
      /** False for a resume: a transfer of this link that stopped short, continued. */
      counted: boolean;
      download: OrderDownloadRow;
      /** The bytes asked for: the whole file, or the part. */
      bytes: Buffer;
    };

/** Thrown inside the transaction to take the count back. */
class FileReplaced extends Error {}

/**
 * Starts sending an opened download's file, whole or one `part`, and decides what it costs
 * (decision 028). A part that starts where a transfer of this link stopped short, within
 * RESUME_WINDOW_MS, resumes it uncounted; the resume point is used up by taking it, so two
 * requests cannot both resume from it. Everything else counts one download, atomically
 * (`downloads < limit` in the update, so two at once cannot pass the limit together), or is
 * refused `used_up`. Either way the link is left with the point this transfer stops at if it
 * sends all it was asked (the next part of a download made of parts starts there); a transfer
 * cut off moves it back with `recordStop`.
 */
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

/**
 * Notes where a transfer that was cut off stopped: the link's resume point becomes that, from
 * now. (A transfer that sends all it was asked leaves the point `startTransfer` wrote.)
 */
export async function recordStop(db: Db, downloadId: number, point: ResumePoint) {
  await db
    .update(orderDownloads)
    .set({ resumeFrom: point.from, resumeSlack: point.slack, resumeStoppedAt: sql`now()` })
    .where(eq(orderDownloads.id, downloadId));
}
