import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { useParentSize } from "@visx/responsive";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, LinePath } from "@visx/shape";
import { useId } from "react";
import { formatMoney } from "#core/format.ts";
import type { SalesDashboard } from "#core/reports/dashboard-schemas.ts";
import { formatDay } from "../admin-format.ts";
import styles from "./dashboard.module.css";

const HEIGHT = 260;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 64 };
const LABEL_WIDTH = 72;

const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString("en-AU")}`;

/**
 * Sales by day or week as bars, the previous period's as a dashed line over them, drawn as SVG
 * by visx; the same numbers in a table for screen readers and paper.
 */
export function SalesChart({ dashboard }: { dashboard: SalesDashboard }) {
  const captionId = useId();
  // Drawn at the width it has, so its labels stay the page's size on a phone.
  const { parentRef, width } = useParentSize({ initialSize: { width: 720 } });
  const { series, step } = dashboard;
  const innerWidth = Math.max(1, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand({
    domain: series.map((bar) => bar.start),
    range: [0, innerWidth],
    padding: 0.2,
  });
  const highest = Math.max(1, ...series.flatMap((bar) => [bar.salesCents, bar.previousSalesCents]));
  const y = scaleLinear({ domain: [0, highest], range: [innerHeight, 0], nice: true });
  const every = Math.ceil(series.length / Math.max(1, Math.floor(innerWidth / LABEL_WIDTH)));
  const unit = step === "day" ? "day" : "week";
  const middle = (start: string) => (x(start) ?? 0) + x.bandwidth() / 2;
  return (
    <figure className={styles.chart} ref={parentRef}>
      <figcaption id={captionId}>
        Sales by {unit}, GST included: this period as bars, the period before as a dashed line
      </figcaption>
      <svg
        width={width}
        height={HEIGHT}
        role="img"
        aria-labelledby={captionId}
        className={styles.svg}
      >
        <Group left={MARGIN.left} top={MARGIN.top}>
          {series.map((bar) => {
            const top = y(bar.salesCents);
            return (
              <Bar
                key={bar.start}
                x={x(bar.start)}
                y={top}
                width={x.bandwidth()}
                height={innerHeight - top}
                className={styles.bar}
              />
            );
          })}
          <LinePath
            data={series}
            x={(bar) => middle(bar.start)}
            y={(bar) => y(bar.previousSalesCents)}
            className={styles.previous}
          />
          <AxisLeft
            scale={y}
            numTicks={4}
            tickFormat={(value) => dollars(Number(value))}
            axisLineClassName={styles.axis}
            tickClassName={styles.tick}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={series.filter((_, index) => index % every === 0).map((bar) => bar.start)}
            tickFormat={(start) => formatDay(start, "short").replace(/ \d{4}$/, "")}
            axisLineClassName={styles.axis}
            tickClassName={styles.tick}
          />
        </Group>
      </svg>
      <p className={styles.legend} aria-hidden="true">
        <span className={styles.keyBar} /> This period <span className={styles.keyLine} /> The
        period before
      </p>
      <div className={styles.chartTable}>
        <table>
          <caption>Sales by {unit}</caption>
          <thead>
            <tr>
              <th scope="col">{step === "day" ? "Day" : "Week from"}</th>
              <th scope="col">Sales</th>
              <th scope="col">Orders</th>
              <th scope="col">The period before</th>
            </tr>
          </thead>
          <tbody>
            {series.map((bar) => (
              <tr key={bar.start}>
                <th scope="row">{formatDay(bar.start)}</th>
                <td>{formatMoney(bar.salesCents)}</td>
                <td>{bar.orders}</td>
                <td>{formatMoney(bar.previousSalesCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
