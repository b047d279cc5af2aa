/** Tracking pages of the carriers an Australian shop sends with, by the name staff type. */
const TRACKING_PAGES: Record<string, (number: string) => string> = {
  australiapost: (n) => `https://auspost.com.au/mypost/track/details/${n}`,
  startrack: (n) => `https://startrack.com.au/track/details/${n}`,
  sendle: (n) => `https://track.sendle.com/tracking?ref=${n}`,
  dhl: (n) => `https://www.dhl.com/au-en/home/tracking.html?tracking-id=${n}&submit=1`,
  aramex: (n) => `https://www.aramex.com.au/tools/track?l=${n}`,
  couriersplease: (n) => `https://www.couriersplease.com.au/tools-track/no/${n}`,
  tnt: (n) => `https://www.tnt.com/express/en_au/site/shipping-tools/tracking.html?cons=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
};

const OTHER_NAMES: Record<string, string> = {
  auspost: "australiapost",
  auspostexpress: "australiapost",
  australiapostexpress: "australiapost",
  startrackexpress: "startrack",
  dhlexpress: "dhl",
  fastway: "aramex",
  aramexaustralia: "aramex",
  tntexpress: "tnt",
};

export function trackingUrl(carrier: string, trackingNumber: string): string | undefined {
  const key = carrier.toLowerCase().replace(/[^a-z]/g, "");
  const page = TRACKING_PAGES[OTHER_NAMES[key] ?? key];
  const number = trackingNumber.trim();
  return page && number ? page(encodeURIComponent(number)) : undefined;
}
