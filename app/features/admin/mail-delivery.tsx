import type { Bounce } from "#core/admin/admin-schemas.ts";
import { formatWhen } from "./admin-format.ts";
import styles from "./admin.module.css";

/** Whether newsletters reach an address, and why not: in words, never by colour alone. */
export function MailDelivery({ bounce }: { bounce: Bounce }) {
  if (!bounce) return <>Receives them</>;
  return (
    <>
      <strong className={styles.flag}>Bounced</strong> on{" "}
      <time dateTime={bounce.at}>{formatWhen(bounce.at)}</time>: newsletters skip this address.{" "}
      <span className={styles.muted}>Their mail server said: {bounce.reason}</span>
    </>
  );
}
