import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "#core/api/api-schemas.ts";
import { gstReportQuerySchema, gstReportSchema } from "#core/reports/gst-report-schemas.ts";
import { z } from "#core/validation/zod.ts";
import { recordAudit } from "../staff/audit-log.ts";
import { sendCsv, toCsv } from "../staff/csv-export.ts";
import { actorOf, ADMIN_RATE_LIMIT, type AdminRouteOptions } from "../staff/staff-request.ts";
import { gstReport } from "./gst-report.ts";

const aud = (cents: number) => (cents / 100).toFixed(2);

export const GST_CSV_COLUMNS = [
  "Label",
  "Order",
  "Day",
  "Kind",
  "Description",
  "Tax class",
  "Amount incl. GST (AUD)",
  "GST (AUD)",
] as const;

export const adminReportRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, { db }) => {
  const tags = ["back office"];
  const security = [{ bearer: [] }];
  const config = { rateLimit: ADMIN_RATE_LIMIT };

  app.get(
    "/reports/gst",
    {
      config,
      schema: {
        summary: "The BAS labels G1, G2, G3 and 1A for a period (cash or accrual basis)",
        description:
          "Cash basis counts payments received between the two days (Sydney time, both included); accrual counts orders placed, less those cancelled unpaid. Paid orders cancelled in the period are refunds, subtracted. Amounts in cents.",
        tags,
        security,
        querystring: gstReportQuerySchema,
        response: { 200: gstReportSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { rows, ...report } = await gstReport(db, request.query);
      const count = (kind: string) =>
        new Set(rows.filter((row) => row.kind === kind).map((row) => row.order)).size;
      return { ...report, sales: count("sale"), refunds: count("refund") };
    },
  );

  app.get(
    "/reports/gst.csv",
    {
      config,
      schema: {
        summary: "The lines behind each BAS label for a period, as CSV for the accountant",
        description: `Columns: ${GST_CSV_COLUMNS.join(", ")}. A line counts in G1, an export also in G2; its GST in 1A. Refunds are negative. UTF-8 with a byte-order mark, RFC 4180.`,
        tags,
        security,
        querystring: gstReportQuerySchema,
        response: {
          200: { description: "CSV", content: { "text/csv": { schema: z.string() } } },
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { from, to, basis } = request.query;
      const report = await gstReport(db, request.query);
      await recordAudit(db, actorOf(request), {
        action: "reports.gst_export",
        entity: "reports",
        entityId: `${from}..${to} ${basis}`,
        details: { rows: report.rows.length },
      });
      const csv = toCsv(
        GST_CSV_COLUMNS,
        report.rows.map((row) => [
          row.taxClass === "export" ? "G1, G2, 1A" : "G1, 1A",
          row.order,
          row.day,
          row.kind === "sale" ? "Sale" : "Refund",
          row.description,
          row.taxClass === "export" ? "GST-free export" : "Taxable",
          aud(row.amountCents),
          aud(row.gstCents),
        ]),
      );
      return sendCsv(reply, `kybernetes-gst-${from}-to-${to}-${basis}.csv`, csv);
    },
  );
};
