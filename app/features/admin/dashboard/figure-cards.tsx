import { formatMoney } from "#core/format.ts";
import { averageOrderCents, change, netCents, type Figures } from "#core/reports/dashboard.ts";
import styles from "./dashboard.module.css";

const FIGURES: { name: string; of: (figures: Figures) => number; money: boolean }[] = [
  { name: "Sales (GST included)", of: (figures) => figures.salesCents, money: true },
  { name: "Refunds", of: (figures) => figures.refundsCents, money: true },
  { name: "Net sales", of: netCents, money: true },
  { name: "GST collected, less refunds", of: (figures) => figures.gstCents, money: true },
  { name: "Orders paid", of: (figures) => figures.orders, money: false },
  { name: "Average order", of: averageOrderCents, money: true },
];

/** Each figure of the period, and how it compares with the period before. */
export function FigureCards({ current, previous }: { current: Figures; previous: Figures }) {
  return (
    <dl className={styles.figures}>
      {FIGURES.map(({ name, of, money }) => {
        const show = (value: number) => (money ? formatMoney(value) : String(value));
        const moved = change(of(current), of(previous));
        return (
          <div key={name} className={styles.figure}>
            <dt>{name}</dt>
            <dd>
              <span className={styles.amount}>{show(of(current))}</span>
              {moved ? `${moved}, ` : ""}before: {show(of(previous))}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
