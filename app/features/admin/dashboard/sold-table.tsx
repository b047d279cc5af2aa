import { formatMoney } from "#core/format.ts";
import adminStyles from "../admin.module.css";

interface Sold {
  name: string;
  variant?: string;
  units: number;
  salesCents: number;
}

/** Products or variants by sales in the period, best first. */
export function SoldTable({ caption, rows }: { caption: string; rows: readonly Sold[] }) {
  if (rows.length === 0) return <p>Nothing was sold in this period.</p>;
  return (
    <div className={adminStyles.tableWrap}>
      <table className={adminStyles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className={adminStyles.number}>
              Units
            </th>
            <th scope="col" className={adminStyles.number}>
              Sales
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.name} ${row.variant ?? ""}`}>
              <th scope="row">
                {row.name}
                {row.variant ? <> ({row.variant})</> : null}
              </th>
              <td className={adminStyles.number}>{row.units}</td>
              <td className={adminStyles.number}>{formatMoney(row.salesCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
