/**
 * Organisation details shown across the site. Every value here is a default meant to be
 * replaced with the company's real registration, contact and bank details before launch;
 * pages and components read them from this one module and never repeat them.
 */
export const siteConfig = {
  brand: "Kybernetes",
  pronunciation: "kih-ber-NEE-teez",
  companyName: "Kybernetes Pty Ltd",
  /** Australian Business Number (11 digits, valid check sum). */
  abn: "51 824 753 556",
  /** Australian Company Number (9 digits). */
  acn: "824 753 559",
  business: "Biomedical engineering, cyberware and cyborg culture",
  mission: "Join the next stage of human evolution and become more than human.",
  foundedYear: 2021,
  supportEmail: "support@kybernetes.com.au",
  phone: { display: "0412 345 678", e164: "+61412345678" },
  address: {
    street: "Unit 4, 21 Bourke Road",
    locality: "Alexandria",
    region: "NSW",
    postcode: "2015",
    country: "Australia",
  },
  /** The studio, centre of the contact page map (OpenStreetMap, zoom 15). */
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
  bank: {
    accountName: "Kybernetes Pty Ltd",
    bsb: "062-000",
    accountNumber: "1234 5678",
    referenceHint: "your name and the word DONATION",
  },
  /** Orders above this value (AUD, GST included) ship free (Purchase and Refund Policy). */
  freeShippingThresholdAud: 300,
} as const;

export type SiteConfig = typeof siteConfig;
export type SiteLinkName = keyof SiteConfig["links"];

export function formatAddress(address: SiteConfig["address"] = siteConfig.address): string {
  return `${address.street}, ${address.locality} ${address.region} ${address.postcode}`;
}
