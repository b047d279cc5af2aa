/** Every route path of SPEC §2 in one place; links and the route table use these names. */
export const paths = {
  home: "/",
  books: "/books",
  cart: "/cart",
  checkout: "/checkout",
  contactUs: "/contactus",
  cyberwareCatalogue: "/cyberwareCatalogue",
  cyberware: "/cyberware",
  cytheseus: "/cytheseus",
  cyborgMuseum: "/cyborgmuseum",
  cybersecurity: "/cybersecurity",
  donate: "/donate",
  events: "/events",
  history: "/history",
  library: "/library",
  media: "/media",
  merchandise: "/merchandise",
  openSourceProjects: "/opensourceprojects",
  privacyPolicy: "/privacypolicy",
  purchaseAndRefundPolicy: "/PurchaseAndRefundPolicy",
  termsAndConditions: "/termsandconditions",
  transhumanRights: "/transhumanrights",
  volunteer: "/volunteer",
  terminologies: "/terminologies",
  search: "/search",
  signup: "/signup",
  login: "/login",
  account: "/account",
  learnBiomedicalEngineeringMaths: "/LearnBiomedicalEngineeringMathsForBeginners",
  learnBookPublishing: "/LearnBookPublishingCourse",
  learnCosmeticPiercing: "/LearnCosmeticPiercingForBeginners",
  learnCyberware: "/LearnCyberwareCourse",
  learnEcg: "/LearnECGForBeginners",
  learnNeuroscience: "/LearnNeuroscienceForBeginners",
  learnProgramming: "/LearnProgrammingForBeginners",
  learnRfid: "/LearnRFIDForBeginners",
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Static data files SPEC §7 reads by URL; they stay served for anyone who reads them. */
export const dataFiles = {
  terminologies: "/Terminologies.csv",
  /** The parsed glossary, for the glossary page (docs/decisions/010); not in SPEC §7. */
  glossary: "/glossary.json",
} as const;

/** Second spellings SPEC §2 gives for some routes; they serve the same screen. */
export const caseVariants: Readonly<Record<string, AppPath>> = {
  "/cyberwarecatalogue": paths.cyberwareCatalogue,
  "/Cytheseus": paths.cytheseus,
  "/Terminologies": paths.terminologies,
};

/**
 * Screens whose content is the visitor's own (cart, checkout, search results, account). They
 * stay crawlable, so a shared link still previews and Lighthouse's SEO audit passes, but they
 * are left out of the sitemap: there is nothing on them worth submitting for indexing.
 */
export const unlistedPaths: readonly string[] = [
  paths.cart,
  paths.checkout,
  paths.search,
  paths.account,
];

/** The canonical form of a path (case variants map to the route table's spelling). */
export function canonicalPath(pathname: string): string {
  return caseVariants[pathname] ?? pathname;
}

/** Where the 404 screen is prerendered; the server answers unknown paths with this file. */
export const notFoundPrerenderPath = "/__not-found";

/** Case variants whose route exists, so prerendering never turns a 404 into a page. */
export function prerenderedCaseVariants(staticPaths: readonly string[]): string[] {
  return Object.entries(caseVariants)
    .filter(([, target]) => staticPaths.includes(target))
    .map(([variant]) => variant);
}
