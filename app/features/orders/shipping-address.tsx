import type { OrderView } from "#core/orders/order.ts";
import styles from "./orders.module.css";

export function ShippingAddress({ address }: { address: NonNullable<OrderView["address"]> }) {
  return (
    <address className={styles.address}>
      {address.firstName} {address.surname}
      <br />
      {address.street}
      <br />
      {[address.city, address.state, address.postcode].filter(Boolean).join(" ")}
      <br />
      {address.country}
    </address>
  );
}
