import { Link } from "react-router";
import { paths } from "#app/paths.ts";
import styles from "./example-bank-details-notice.module.css";

/** Placeholder bank details reach no account: say so before anyone copies them into a bank app. */
export function ExampleBankDetailsNotice() {
  return (
    <p className={styles.notice}>
      <strong>Example details only: do not pay into this account.</strong> These bank details are
      placeholders until our real account is added. <Link to={paths.contactUs}>Contact us</Link> for
      how to pay.
    </p>
  );
}
