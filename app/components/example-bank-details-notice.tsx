import { Link } from "react-router";
import { paths } from "#app/paths.ts";
import styles from "./example-bank-details-notice.module.css";

/**
 * Beside bank details that are still the site config's placeholders: they reach no account,
 * and a visitor must be told so before copying them into a banking app.
 */
export function ExampleBankDetailsNotice() {
  return (
    <p className={styles.notice}>
      <strong>Example details only: do not pay into this account.</strong> These bank details are
      placeholders until our real account is added. <Link to={paths.contactUs}>Contact us</Link> for
      how to pay.
    </p>
  );
}
