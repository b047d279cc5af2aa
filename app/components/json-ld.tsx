import { formatAddress, siteConfig } from "#core/site-config.ts";
import { scriptJson } from "#app/lib/script-json.ts";
import { siteUrl } from "#app/lib/seo.ts";

/** Structured data for search engines; `<` is escaped so text can never close the tag. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const json = scriptJson({ "@context": "https://schema.org", ...data });
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

export const organizationJsonLd = {
  "@type": "Organization",
  name: siteConfig.companyName,
  alternateName: siteConfig.brand,
  url: siteUrl,
  logo: `${siteUrl}/media/kybernetes-logo.png`,
  email: siteConfig.supportEmail,
  telephone: siteConfig.phone.e164,
  foundingDate: String(siteConfig.foundedYear),
  slogan: siteConfig.mission,
  address: {
    "@type": "PostalAddress",
    streetAddress: siteConfig.address.street,
    addressLocality: siteConfig.address.locality,
    addressRegion: siteConfig.address.region,
    postalCode: siteConfig.address.postcode,
    addressCountry: "AU",
  },
  description: `${siteConfig.business}. ${formatAddress()}.`,
};
