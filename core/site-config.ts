/** Values listed in `placeholders` are fictitious: replace each before launch. */
export const siteConfig = {
  brand: "Kybernetes",
  pronunciation: "kih-ber-NEE-teez",
  companyName: "Kybernetes Pty Ltd",
  abn: "83 824 753 559",
  acn: "824 753 559",
  business: "Biomedical engineering, cyberware and cyborg culture",
  mission: "Join the next stage of human evolution and become more than human.",
  foundedYear: 2021,
  supportEmail: "support@kybernetes.com.au",
  /** Placeholder: from ACMA's fictitious range, which no subscriber is ever given. */
  phone: { display: "0491 570 156", e164: "+61491570156" },
  address: {
    street: "Unit 4, 21 Bourke Road",
    locality: "Alexandria",
    region: "NSW",
    postcode: "2015",
    country: "Australia",
  },
  map: { latitude: -33.9105, longitude: 151.1952, zoom: 15 },
  tradingHours: "Monday to Sunday, 9:00 AM to 5:00 PM, by appointment only",
  meetup: {
    venue: "Alexandria Town Hall meeting room, 73 Garden Street, Alexandria NSW 2015",
    schedule: "4th Saturday of each month, 12:00 pm to 1:00 pm AEDT",
  },
  links: {
    meetup: "https://www.meetup.com/sydney-cyborgs-and-biohackers/",
    videoCall: "https://meet.jit.si/kybernetes-sydney-meetup",
    codeHosting: "https://github.com/kybernetes-au",
    catalogueSpreadsheet:
      "https://docs.google.com/spreadsheets/d/kybernetes-community-cyberware-catalogue",
  },
  /** Placeholder: BSB 000-000 belongs to no bank branch, so no transfer can reach anyone. */
  bank: {
    accountName: "Kybernetes Pty Ltd",
    bsb: "000-000",
    accountNumber: "0000 0000",
    /** Empty until the company registers one: payment instructions then show it beside the BSB. */
    payId: "" as string,
    referenceHint: "your name and the word DONATION",
  },
  /** Orders above this value (whole cents of AUD, GST included) ship free (Purchase and Refund Policy). */
  freeShippingOverCents: 30_000,
} as const;

export type SiteConfig = typeof siteConfig;
export type SiteLinkName = keyof SiteConfig["links"];

const PLACEHOLDER_FIELDS = {
  companyNumbers: {
    name: "ABN and ACN",
    value: (config: SiteConfig) => `ABN ${config.abn}, ACN ${config.acn}`,
  },
  phone: { name: "Phone number", value: (config: SiteConfig) => config.phone.display },
  address: {
    name: "Street address and map location",
    value: (config: SiteConfig) =>
      `${formatAddress(config.address)} (map at ${config.map.latitude}, ${config.map.longitude})`,
  },
  bank: {
    name: "Bank account for transfers",
    value: (config: SiteConfig) => `BSB ${config.bank.bsb}, account ${config.bank.accountNumber}`,
  },
  payId: {
    name: "PayID for instant transfers (shown beside the bank details once set)",
    value: (config: SiteConfig) => config.bank.payId || "not set",
  },
  meetupVenue: { name: "Meetup venue", value: (config: SiteConfig) => config.meetup.venue },
  "links.meetup": { name: "Meetup group page", value: (config: SiteConfig) => config.links.meetup },
  "links.videoCall": {
    name: "Video call link for remote meetup guests",
    value: (config: SiteConfig) => config.links.videoCall,
  },
  "links.codeHosting": {
    name: "Code-hosting profile",
    value: (config: SiteConfig) => config.links.codeHosting,
  },
  "links.catalogueSpreadsheet": {
    name: "Community cyberware catalogue spreadsheet",
    value: (config: SiteConfig) => config.links.catalogueSpreadsheet,
  },
} satisfies Record<string, { name: string; value: (config: SiteConfig) => string }>;

export type PlaceholderKey = keyof typeof PLACEHOLDER_FIELDS;

// Invented so nobody can reach a stranger through them. Delete a key once its real value is in;
// until then `npm run check:launch` fails and a production start warns.
export const placeholders: readonly PlaceholderKey[] = [
  "companyNumbers",
  "phone",
  "address",
  "bank",
  "payId",
  "meetupVenue",
  "links.meetup",
  "links.videoCall",
  "links.codeHosting",
  "links.catalogueSpreadsheet",
];

export function isPlaceholder(
  key: PlaceholderKey,
  stillPlaceholders: readonly PlaceholderKey[] = placeholders,
): boolean {
  return stillPlaceholders.includes(key);
}

export interface Placeholder {
  key: PlaceholderKey;
  name: string;
  value: string;
}

export function placeholdersInUse(
  stillPlaceholders: readonly PlaceholderKey[] = placeholders,
): Placeholder[] {
  return stillPlaceholders.map((key) => ({
    key,
    name: PLACEHOLDER_FIELDS[key].name,
    value: PLACEHOLDER_FIELDS[key].value(siteConfig),
  }));
}

export function formatAddress(address: SiteConfig["address"] = siteConfig.address): string {
  return `${address.street}, ${address.locality} ${address.region} ${address.postcode}`;
}
