import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PRODUCT_FILE_TYPES } from "#core/catalog/product-files.ts";
import { formatOrderNumber } from "#core/orders/order-number.ts";
import { orderAccessQuerySchema } from "#core/orders/order-schemas.ts";
import { z } from "#core/validation/zod.ts";
import { logSecurityEvent } from "../accounts/security-log.ts";
import type { Db } from "../db/client.ts";
import { readRange } from "../http/byte-range.ts";
import { errorBody } from "../http/http-errors.ts";
import { downloadState, type DownloadRules } from "./download-links.ts";
import {
  openDownload,
  recordStop,
  resumePoint,
  startTransfer,
  type DownloadRefusal,
} from "./download-transfers.ts";

/** Per client address: a file can be 50 MB read from the database, so a resume loop is stopped. */
export const DOWNLOAD_RATE_LIMIT = { max: 30, timeWindow: "1 minute" } as const;

export interface DownloadRouteOptions {
  db: Db;
  rules: DownloadRules;
}

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

/** Small enough that what the socket has taken is known to within a few of them. */
const CHUNK_BYTES = 64 * 1024;

function countedStream(bytes: Buffer) {
  let offset = 0;
  const stream = Object.assign(
    new Readable({
      read() {
        const chunk = bytes.subarray(offset, offset + CHUNK_BYTES);
        offset += chunk.length;
        this.push(chunk.length > 0 ? chunk : null);
      },
    }),
    { taken: 0 },
  );
  stream.on("data", (chunk: Buffer) => {
    stream.taken += chunk.length;
  });
  return stream;
}

/** `filename*` (RFC 6266/8187) for any name, and a plain ASCII `filename` beside it. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Decisions 026 and 028; a browser refused goes back to the order's page, which says why. */
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
      const opened = await openDownload(db, request.params.link, request.query.token);
      const refuse = (
        refusal: DownloadRefusal,
        order?: { number: number; accessToken: string; userId: number | null },
      ) => {
        logSecurityEvent(request, "download", refusal === "not_found" ? "failure" : "blocked", {
          userId: order?.userId ?? undefined,
          reason: refusal,
        });
        const { status, message } = REFUSALS[refusal];
        const wantsPage = request.headers.accept?.includes("text/html") ?? false;
        if (wantsPage && order) {
          const number = formatOrderNumber(order.number);
          const back = `/orders/${number}?token=${encodeURIComponent(order.accessToken)}&download=${refusal}`;
          return reply.header("cache-control", "no-store").redirect(back, 303);
        }
        return reply
          .code(status)
          .header("cache-control", "no-store")
          .send(errorBody(refusal, message));
      };
      if (!opened.ok) return refuse(opened.refusal, opened.order);

      const { file, order } = opened;
      const etag = `"${file.sha256}"`;
      const fileHeaders = () =>
        reply
          // A buyer's copy: never indexed, never kept by a shared cache.
          .header("x-robots-tag", "noindex")
          .header("content-type", PRODUCT_FILE_TYPES[file.format])
          .header("content-disposition", attachment(file.fileName))
          .header("accept-ranges", "bytes")
          .header("cache-control", "private, no-store")
          .header("etag", etag);
      if (request.method === "HEAD") {
        // No bytes go out, so none is counted; `Range` means nothing to HEAD (RFC 9110 §14.2).
        if (downloadState(opened.download, rules) === "used_up") return refuse("used_up", order);
        return fileHeaders().header("content-length", file.size).send(Readable.from([]));
      }
      const ifRange = request.headers["if-range"];
      const asked = readRange(
        range,
        Array.isArray(ifRange) ? ifRange.join(", ") : ifRange,
        file.size,
        etag,
      );
      if (asked.kind === "unsatisfiable") {
        return reply
          .code(416)
          .header("content-range", `bytes */${file.size}`)
          .header("cache-control", "no-store")
          .send(errorBody("range_not_satisfiable", `The file is ${file.size} bytes long.`));
      }

      const part = asked.kind === "part" ? asked : undefined;
      const started = await startTransfer(db, opened.download, file, part, rules);
      if (!started.ok) return refuse(started.refusal, order);
      fileHeaders();
      const { download, counted, bytes } = started;
      logSecurityEvent(request, "download", "success", { userId: order.userId ?? undefined });
      request.log.info(
        {
          order: formatOrderNumber(order.number),
          productId: download.productId,
          format: download.format,
          downloads: download.downloads,
          counted,
          range: range ?? null,
          ...(asked.kind === "whole" && asked.ignored ? { rangeIgnored: asked.ignored } : {}),
        },
        "download",
      );

      // A transfer cut off records how far it got, for the resume that may follow.
      const body = countedStream(bytes);
      let finished = false;
      reply.raw.once("finish", () => {
        finished = true;
      });
      reply.raw.once("close", () => {
        if (finished) return;
        const point = resumePoint(part?.start ?? 0, body.taken);
        recordStop(db, download.id, point).catch((error: unknown) => {
          request.log.error({ err: error }, "download: could not record where it stopped");
        });
      });
      if (part) {
        reply.code(206).header("content-range", `bytes ${part.start}-${part.end}/${file.size}`);
      }
      return reply.header("content-length", bytes.length).send(body);
    },
  );
};
