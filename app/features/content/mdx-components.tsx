import { REFUND_TIME } from "#core/orders/refund-policy.ts";
import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { formatAddress, isPlaceholder, siteConfig, type SiteLinkName } from "#core/site-config.ts";
import { formatMoney } from "#core/format.ts";
import { SHIPPING_CENTS } from "#core/cart/shipping.ts";
import { ExampleBankDetailsNotice } from "#app/components/example-bank-details-notice.tsx";
import { SpinningEmblem } from "./spinning-emblem.tsx";
import detailsStyles from "#app/components/details-list.module.css";
import styles from "./prose.module.css";

function SmartLink({ href = "", children, ...rest }: ComponentProps<"a">) {
  if (href.startsWith("/") && !href.startsWith("//") && !/\.\w{2,5}$/.test(href)) {
    return (
      <Link to={href} prefetch="intent" {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}

/** An address of the site config; one still a placeholder is named but never linked. */
function SiteLink({ to, children }: { to: SiteLinkName; children: ReactNode }) {
  if (isPlaceholder(`links.${to}`)) return <>{children} (coming soon)</>;
  return <a href={siteConfig.links[to]}>{children}</a>;
}

function BankDetails() {
  const { bank } = siteConfig;
  return (
    <>
      {isPlaceholder("bank") ? <ExampleBankDetailsNotice /> : null}
      <dl className={detailsStyles.details}>
        <dt>Account name</dt>
        <dd>{bank.accountName}</dd>
        <dt>BSB</dt>
        <dd>{bank.bsb}</dd>
        <dt>Account number</dt>
        <dd>{bank.accountNumber}</dd>
        <dt>Reference</dt>
        <dd>{bank.referenceHint}</dd>
      </dl>
    </>
  );
}

function MedicalDisclaimer() {
  return (
    <aside className={styles.disclaimer} aria-label="Medical disclaimer">
      <strong>Educational content, not medical advice.</strong> {siteConfig.companyName} is not a
      healthcare provider. Talk to a qualified health professional about your own body, and leave
      any procedure to a trained practitioner working in premises that meet your state or
      territory's skin penetration rules.
    </aside>
  );
}

/** The components content pages may use without importing (docs/content-guide.md). */
export const mdxComponents = {
  a: SmartLink,
  CompanyName: () => <>{siteConfig.companyName}</>,
  Abn: () => <>ABN {siteConfig.abn}</>,
  SupportEmail: () => <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a>,
  SupportPhone: () => <a href={`tel:${siteConfig.phone.e164}`}>{siteConfig.phone.display}</a>,
  StreetAddress: () => <>{formatAddress()}</>,
  TradingHours: () => <>{siteConfig.tradingHours}</>,
  MeetupVenue: () => <>{siteConfig.meetup.venue}</>,
  FreeShippingThreshold: () => <>{formatMoney(siteConfig.freeShippingOverCents)}</>,
  ShippingRateUsa: () => <>{formatMoney(SHIPPING_CENTS.usa)}</>,
  ShippingRateStandard: () => <>{formatMoney(SHIPPING_CENTS.elsewhere)}</>,
  RefundTime: () => <>{REFUND_TIME}</>,
  BankDetails,
  MedicalDisclaimer,
  SiteLink,
  SpinningEmblem,
};
