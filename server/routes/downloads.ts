import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import parseRange from "range-parser";
import { PRODUCT_FILE_TYPES } from "#core/catalog/product-files.ts";
import { formatOrderNumber } from "#core/orders/order-number.ts";
import { orderAccessQuerySchema } from "#core/orders/order-schemas.ts";
import { z } from "#core/validation/zod.ts";
import { logSecurityEvent } from "../auth/security-log.ts";
import type { Db } from "../db/client.ts";
import { errorBody } from "../lib/http-errors.ts";
import {
  openDownload,
  type DownloadRefusal,
  type DownloadRules,
} from "../orders/order-downloads.ts";
import { sameSecret } from "../orders/order-service.ts";

/**
 * Per client address: a person downloads a few files and a download manager resumes a few
 * times; a file can be 50 MB read from the database, so a loop of resumptions is stopped.
 */
export const DOWNLOAD_RATE_LIMIT = { max: 30, timeWindow: "1 minute" } as const;

export interface DownloadRouteOptions {
  db: Db;
  rules: DownloadRules;
}

/** What a program (no `Accept: text/html`) is told, with its status. */
const REFUSALS: Record<DownloadRefusal, { status: number; message: string }> = {
  not_found: {
    status: 404,
    message:
      "This download link is not valid. Open your order from its e-mail (or your account) to find your links.",
  },
  revoked: {
    status: 410,
    message: "This order's downloads are closed: it is not paid, or it was cancelled or refunded.",
  },
  expired: {
    status: 410,
    message: "This download link has expired. Your order's page gives you a fresh one.",
  },
  used_up: {
    status: 403,
    message:
      "This download link has been used as often as it allows. Please contact us and we will reset it.",
  },
  file_missing: {
    status: 404,
    message: "This file is being replaced. Please try again later, or contact us.",
  },
};

/** `filename*` (RFC 6266/8187) for any name, and a plain ASCII `filename` beside it. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * `GET /downloads/<link>?token=<order's>`: a paid order's eBook (issue 26, decision 026). The
 * whole file, or one range of it (`Range`, for a download that resumes); each download counted
 * and in the security log. A refused link sends a person (a browser asking for HTML) back to
 * the order's page, which says why and offers a fresh link; a program gets the JSON error.
 */
export const downloadRoutes: FastifyPluginAsyncZod<DownloadRouteOptions> = async (
  app,
  { db, rules },
) => {
  app.get(
    "/downloads/:link",
    {
      config: { rateLimit: DOWNLOAD_RATE_LIMIT },
      schema: {
        hide: true,
        params: z.object({ link: z.string().max(100) }),
        querystring: orderAccessQuerySchema,
      },
    },
    async (request, reply) => {
      const range = request.headers.range;
      const fromFirstByte = range === undefined || /^bytes=0-/.test(range.trim());
      const answer = await openDownload(
        db,
        request.params.link,
        request.query.token,
        fromFirstByte,
        rules,
        sameSecret,
      );
      if (!answer.ok) {
        logSecurityEvent(
          request,
          "download",
          answer.refusal === "not_found" ? "failure" : "blocked",
          {
            userId: answer.order?.userId ?? undefined,
            reason: answer.refusal,
          },
        );
        const refusal = REFUSALS[answer.refusal];
        const wantsPage = request.headers.accept?.includes("text/html") ?? false;
        if (wantsPage && answer.order) {
          const number = formatOrderNumber(answer.order.number);
          const back = `/orders/${number}?token=${encodeURIComponent(answer.order.accessToken)}&download=${answer.refusal}`;
          return reply.header("cache-control", "no-store").redirect(back, 303);
        }
        return reply
          .code(refusal.status)
          .header("cache-control", "no-store")
          .send(errorBody(answer.refusal, refusal.message));
      }

      const { file, download, order } = answer;
      logSecurityEvent(request, "download", "success", { userId: order.userId ?? undefined });
      request.log.info(
        {
          order: formatOrderNumber(order.number),
          productId: download.productId,
          format: download.format,
          downloads: download.downloads,
          range: range ?? null,
        },
        "download",
      );
      const size = file.bytes.length;
      const ranges = range ? parseRange(size, range, { combine: true }) : undefined;
      if (ranges === -1) {
        return reply
          .code(416)
          .header("content-range", `bytes */${size}`)
          .header("cache-control", "no-store")
          .send(errorBody("range_not_satisfiable", `The file is ${size} bytes long.`));
      }
      reply
        // A buyer's copy: never indexed, never kept by a shared cache.
        .header("x-robots-tag", "noindex")
        .header("content-type", PRODUCT_FILE_TYPES[file.format])
        .header("content-disposition", attachment(file.fileName))
        .header("accept-ranges", "bytes")
        .header("cache-control", "private, no-store")
        .header("etag", `"${file.sha256}"`);

      // One range is served; a malformed header or several ranges get the whole file (RFC 9110).
      if (Array.isArray(ranges) && ranges.type === "bytes" && ranges.length === 1) {
        const [part] = ranges;
        if (part) {
          return reply
            .code(206)
            .header("content-range", `bytes ${part.start}-${part.end}/${size}`)
            .send(file.bytes.subarray(part.start, part.end + 1));
        }
      }
      return reply.send(file.bytes);
    },
  );
};
