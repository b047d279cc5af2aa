import { Form } from "react-router";
import { formatMoney } from "#core/format.ts";
import {
  BAS_LABELS,
  GST_BASES,
  quarterDays,
  recentQuarters,
  wholeDollars,
  type BasLabel,
  type GstBasis,
} from "#core/reports/gst-report.ts";
import formStyles from "#app/components/forms.module.css";
import { formatDay, sydneyToday } from "#app/features/admin/admin-format.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import styles from "#app/features/admin/admin.module.css";
import { DownloadButton } from "#app/features/admin/download-button.tsx";
import { staffApi } from "#app/features/admin/staff-api.ts";
import { clearToken, currentToken, useAuthToken } from "#app/features/auth/auth-store.ts";
import { fetchApiFile } from "#app/lib/api-client.ts";
import type { Route } from "./+types/gst-report";
import reportStyles from "./gst-report.module.css";

export const meta = () => adminMeta("GST report");

interface GstReport {
  from: string;
  to: string;
  basis: GstBasis;
  figures: Record<BasLabel, number>;
  sales: number;
  refunds: number;
}

const BASIS_NAMES: Record<GstBasis, string> = {
  cash: "Cash: payments received in the quarter",
  accrual: "Accrual: orders placed in the quarter",
};

/** The quarter asked for, or the last one finished: the one a BAS is due for. */
function chosen(url: URL) {
  const quarters = recentQuarters(sydneyToday(), 8);
  const asked = url.searchParams.get("quarter") ?? "";
  const quarter = quarterDays(asked) ? asked : (quarters[1] ?? "");
  const basis: GstBasis = url.searchParams.get("basis") === "accrual" ? "accrual" : "cash";
  return {
    quarter,
    basis,
    quarters: quarters.includes(quarter) ? quarters : [quarter, ...quarters],
  };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { quarter, basis, quarters } = chosen(new URL(request.url));
  const days = quarterDays(quarter)!;
  const api = staffApi(request, currentToken(), clearToken);
  const query = new URLSearchParams({ ...days, basis });
  return { quarter, quarters, report: await api.get<GstReport>(`/reports/gst?${query}`) };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Adding up the quarter…</p>;
}

export default function AdminGstReport({ loaderData }: Route.ComponentProps) {
  const { quarter, quarters, report } = loaderData;
  const token = useAuthToken();
  const query = new URLSearchParams({ from: report.from, to: report.to, basis: report.basis });
  return (
    <section aria-labelledby="gst-title" className={reportStyles.report}>
      <h1 id="gst-title">GST report</h1>
      <Form
        method="get"
        className={`${formStyles.form} ${reportStyles.screenOnly}`}
        aria-label="Choose the quarter"
      >
        <div className={reportStyles.field}>
          <label htmlFor="gst-quarter">Quarter</label>
          <select id="gst-quarter" name="quarter" defaultValue={quarter}>
            {quarters.map((option) => {
              const days = quarterDays(option)!;
              return (
                <option key={option} value={option}>
                  {option}: {formatDay(days.from)} to {formatDay(days.to)}
                </option>
              );
            })}
          </select>
        </div>
        <fieldset>
          <legend>Basis</legend>
          {GST_BASES.map((basis) => (
            <div key={basis} className={formStyles.checkbox}>
              <input
                type="radio"
                id={`gst-basis-${basis}`}
                name="basis"
                value={basis}
                defaultChecked={report.basis === basis}
              />
              <label htmlFor={`gst-basis-${basis}`}>{BASIS_NAMES[basis]}</label>
            </div>
          ))}
        </fieldset>
        <button type="submit" className={formStyles.secondary}>
          Show
        </button>
      </Form>

      <p>
        {quarter}, {formatDay(report.from)} to {formatDay(report.to)},{" "}
        {BASIS_NAMES[report.basis].toLowerCase()}. Sales of {report.sales}{" "}
        {report.sales === 1 ? "order" : "orders"}; refunds of {report.refunds} (adjustment notes and
        paid orders cancelled in the quarter, taken off here).
      </p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption>BAS labels for {quarter}</caption>
          <thead>
            <tr>
              <th scope="col">Label</th>
              <th scope="col">What it is</th>
              <th scope="col">Amount</th>
              <th scope="col">On the BAS (whole dollars)</th>
            </tr>
          </thead>
          <tbody>
            {(Object.keys(BAS_LABELS) as BasLabel[]).map((label) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{BAS_LABELS[label]}</td>
                <td>{formatMoney(report.figures[label])}</td>
                <td>${wholeDollars(report.figures[label]).toLocaleString("en-AU")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        G1 holds every sale with its GST, G2 the part sent outside Australia (GST-free exports), and
        1A the GST in those sales. The CSV lists the lines behind each label for your accountant.
      </p>
      <div className={`${formStyles.actions} ${reportStyles.screenOnly}`}>
        <DownloadButton
          label="Download the lines (CSV)"
          fetchFile={async () => ({
            file: await fetchApiFile(`/admin/reports/gst.csv?${query}`, {
              token: token ?? undefined,
            }),
            name: `kybernetes-gst-${report.from}-to-${report.to}-${report.basis}.csv`,
          })}
        />
        <button type="button" className={formStyles.secondary} onClick={() => window.print()}>
          Print
        </button>
      </div>
    </section>
  );
}
