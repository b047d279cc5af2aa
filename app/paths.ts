import { accountLinkPaths, linkPagePaths } from "#core/account/account-links.ts";
import { productPagePath } from "#core/catalog/shop-product.ts";

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
  logout: "/logout",
  // Pages the account e-mails link to, and the form that sends a reset link (decision 015).
  finishSignup: accountLinkPaths.finishSignup,
  forgotPassword: accountLinkPaths.forgotPassword,
  resetPassword: accountLinkPaths.resetPassword,
  verifyEmail: accountLinkPaths.verifyEmail,
  confirmSubscription: accountLinkPaths.confirmSubscription,
  unsubscribe: accountLinkPaths.unsubscribe,
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

/** The buyer's own (decision 014): not prerendered nor in the sitemap; `meta` says noindex. */
export const orderRoutes = {
  order: "/orders/:number",
  invoice: "/orders/:number/invoice",
} as const;

/** `token` opens a guest's order. */
export function orderPath(number: string, token?: string | null, invoice = false): string {
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  return `/orders/${encodeURIComponent(number)}${invoice ? "/invoice" : ""}${query}`;
}

/** Rendered by the server from the catalogue and kept until it changes (issue 25). */
export const productRoutes = {
  product: "/products/:slug",
} as const;

export const productPath = productPagePath;

/** Staff only (decision 016): drawn in the browser from the API, never prerendered or indexed. */
export const adminPaths = {
  dashboard: "/admin",
  orders: "/admin/orders",
  order: "/admin/orders/:number",
  stock: "/admin/stock",
  products: "/admin/products",
  newProduct: "/admin/products/new",
  product: "/admin/products/:id",
  messages: "/admin/messages",
  message: "/admin/messages/:id",
  customers: "/admin/customers",
  customer: "/admin/customers/:id",
  subscribers: "/admin/subscribers",
  newsletters: "/admin/newsletters",
  newNewsletter: "/admin/newsletters/new",
  newsletter: "/admin/newsletters/:id",
  exports: "/admin/exports",
  gstReport: "/admin/reports/gst",
  audit: "/admin/audit",
  discounts: "/admin/discounts",
  discount: "/admin/discounts/:id",
} as const;

export function adminDiscountPath(id: number): string {
  return `/admin/discounts/${id}`;
}

export function adminNewsletterPath(id: number): string {
  return `/admin/newsletters/${id}`;
}

export function adminOrderPath(number: string): string {
  return `/admin/orders/${encodeURIComponent(number)}`;
}

export function adminCustomerPath(id: number): string {
  return `/admin/customers/${id}`;
}

export function adminProductPath(id: number): string {
  return `/admin/products/${id}`;
}

/** This site only: `//evil.example` and `/\\evil.example` are other sites to a browser. */
export function safeNextPath(next: string | null): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) {
    return null;
  }
  return next;
}

export function isAdminPath(pathname: string): boolean {
  return pathname === adminPaths.dashboard || pathname.startsWith(`${adminPaths.dashboard}/`);
}

export const dataFiles = {
  /** The catalogue in products.csv's format, from the database (SPEC §7, issue 25). */
  products: "/ProductData.csv",
  terminologies: "/Terminologies.csv",
  /** The parsed glossary, for the glossary page (docs/decisions/013); not in SPEC §7. */
  glossary: "/glossary.json",
  sitemap: "/sitemap.xml",
  robots: "/robots.txt",
  llms: "/llms.txt",
} as const;

/** The login rides in the posted form, never the address; not pages, never prerendered. */
export const accountFiles = {
  /** Download my data (Privacy Act APP 12): the account's data as a JSON attachment. */
  myData: "/account-data",
} as const;

/** Second spellings SPEC §2 gives for some routes; they serve the same screen. */
export const caseVariants: Readonly<Record<string, AppPath>> = {
  "/cyberwarecatalogue": paths.cyberwareCatalogue,
  "/Cytheseus": paths.cytheseus,
  "/Terminologies": paths.terminologies,
};

/** The visitor's own content: `noindex`, out of the sitemap; robots.txt still lets crawlers in. */
export const noIndexPaths: readonly string[] = [
  paths.cart,
  paths.checkout,
  paths.search,
  paths.account,
  paths.logout,
  paths.finishSignup,
  paths.forgotPassword,
  paths.resetPassword,
  paths.verifyEmail,
  paths.confirmSubscription,
  paths.unsubscribe,
];

// Rendered per request (decision 011): search results, link pages whose form holds the secret
// (decision 021), and the account page, whose answers are all no-store (issue 34).
export const serverRenderedPaths: readonly string[] = [
  paths.search,
  paths.account,
  ...linkPagePaths,
];

/** Staff change the catalogue while the site runs (issue 25): rendered by the server and kept. */
export const catalogueRenderedPaths: readonly string[] = [
  // Its featured products (issue 39).
  paths.home,
  paths.books,
  paths.cyberware,
  paths.merchandise,
  paths.cart,
  paths.checkout,
  dataFiles.products,
  // Lists every product's page.
  dataFiles.sitemap,
];

export function canonicalPath(pathname: string): string {
  return caseVariants[pathname] ?? pathname;
}

/** Every static route but server-rendered ones, plus SPEC §2's case variants for the server. */
export function prerenderPaths(staticPaths: readonly string[]): string[] {
  const variants = Object.entries(caseVariants)
    .filter(([, target]) => staticPaths.includes(target))
    .map(([variant]) => variant);
  return [
    ...staticPaths.filter(
      (path) =>
        !serverRenderedPaths.includes(path) &&
        !catalogueRenderedPaths.includes(path) &&
        !isAdminPath(path),
    ),
    ...variants,
  ];
}

export function indexablePaths(): string[] {
  return Object.values(paths)
    .filter((path) => !noIndexPaths.includes(path))
    .sort();
}
