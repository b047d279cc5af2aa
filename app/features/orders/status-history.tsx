import { formatTime } from "#core/format.ts";
import type { OrderView } from "#core/orders/order.ts";
import { ORDER_STATUS_LABELS } from "#core/orders/order-status.ts";
import styles from "./orders.module.css";

export function StatusHistory({ history }: { history: OrderView["history"] }) {
  return (
    <ol className={styles.history}>
      {history.map((event) => (
        <li key={`${event.status}-${event.at}`}>
          <time dateTime={event.at}>{formatTime(event.at)}</time>:{" "}
          {ORDER_STATUS_LABELS[event.status]}
          {event.note ? ` (${event.note})` : ""}
        </li>
      ))}
    </ol>
  );
}
