import { Link } from "react-router";
import { siteConfig } from "#core/site-config.ts";
import { useCurrentYear } from "#app/lib/use-current-year.ts";
import { paths } from "#app/paths.ts";
import styles from "./site-footer.module.css";

export const footerLinks = [
  { to: paths.home, label: "Home" },
  { to: paths.cybersecurity, label: "ISO 27001 Policy" },
  { to: paths.privacyPolicy, label: "Privacy Policy" },
  { to: paths.purchaseAndRefundPolicy, label: "Purchase and Refund Policy" },
  { to: paths.termsAndConditions, label: "Terms and Conditions" },
  { to: paths.contactUs, label: "Contact Us" },
] as const;

export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.mission}>{siteConfig.mission}</p>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.company}>
          {siteConfig.companyName}: {siteConfig.business}. ABN {siteConfig.abn} · ACN{" "}
          {siteConfig.acn}
        </p>
        <p className={styles.copyright}>
          © {siteConfig.foundedYear}–
          {/* The page script writes the visitor's year into pages that do not hydrate. */}
          <span data-current-year="" suppressHydrationWarning>
            {year}
          </span>{" "}
          {siteConfig.companyName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
