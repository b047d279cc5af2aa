import { Group } from "@visx/group";
import { useParentSize } from "@visx/responsive";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { useId } from "react";
import { formatMoney } from "#core/format.ts";
import type { SalesDashboard } from "#core/reports/dashboard-schemas.ts";
import styles from "./dashboard.module.css";

const ROW = 32;
const LABEL = 140;
const VALUE = 48;

/** Units sold by shop as horizontal bars, each labelled with its count; a table beneath. */
export function ShopChart({ shops }: { shops: SalesDashboard["unitsByShop"] }) {
  const captionId = useId();
  const { parentRef, width } = useParentSize({ initialSize: { width: 360 } });
  const height = Math.max(1, shops.length) * ROW;
  const y = scaleBand({
    domain: shops.map((shop) => shop.name),
    range: [0, height],
    padding: 0.25,
  });
  const x = scaleLinear({
    domain: [0, Math.max(1, ...shops.map((shop) => shop.units))],
    range: [0, Math.max(1, width - LABEL - VALUE)],
  });
  return (
    <figure className={styles.chart} ref={parentRef}>
      <figcaption id={captionId}>Units sold by shop</figcaption>
      <svg
        width={width}
        height={height}
        role="img"
        aria-labelledby={captionId}
        className={styles.svg}
      >
        {shops.map((shop) => {
          const top = y(shop.name) ?? 0;
          const middle = top + y.bandwidth() / 2;
          return (
            <Group key={shop.name}>
              <text x={LABEL - 8} y={middle} className={styles.rowLabel}>
                {shop.name}
              </text>
              <Bar
                x={LABEL}
                y={top}
                width={x(shop.units)}
                height={y.bandwidth()}
                className={styles.bar}
              />
              <text x={LABEL + x(shop.units) + 6} y={middle} className={styles.rowValue}>
                {shop.units}
              </text>
            </Group>
          );
        })}
      </svg>
      <div className={styles.chartTable}>
        <table>
          <caption>Units sold by shop</caption>
          <thead>
            <tr>
              <th scope="col">Shop</th>
              <th scope="col">Units</th>
              <th scope="col">Sales</th>
            </tr>
          </thead>
          <tbody>
            {shops.map((shop) => (
              <tr key={shop.name}>
                <th scope="row">{shop.name}</th>
                <td>{shop.units}</td>
                <td>{formatMoney(shop.salesCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
