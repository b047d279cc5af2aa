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

/**
 * An order's page and its tax invoice, the buyer's own (docs/decisions/014). Their dynamic
 * segment keeps them out of the prerendered pages, and since they are not in `paths` they are
 * not in the sitemap either; their `meta` says noindex.
 */
export const orderRoutes = {
  order: "/orders/:number",
  invoice: "/orders/:number/invoice",
} as const;

/** The address of one order's page or invoice; `token` opens a guest's order. */
export function orderPath(number: string, token?: string | null, invoice = false): string {
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  return `/orders/${encodeURIComponent(number)}${invoice ? "/invoice" : ""}${query}`;
}

/**
 * A page for every product (issue 25), at its slug. Rendered by the server from the catalogue
 * and kept until it changes; the sitemap lists each product's page from the catalogue.
 */
export const productRoutes = {
  product: "/products/:slug",
} as const;

/** The address of a product's page. */
export const productPath = productPagePath;

/**
 * The back office (issue 14, decision 016): staff only, rendered in the browser from the API,
 * never prerendered, indexed or listed in the sitemap (it is not in `paths`).
 */
export const adminPaths = {
  orders: "/admin",
  order: "/admin/orders/:number",
  stock: "/admin/stock",
  products: "/admin/products",
  newProduct: "/admin/products/new",
  product: "/admin/products/:id",
  messages: "/admin/messages",
  message: "/admin/messages/:id",
  subscribers: "/admin/subscribers",
  exports: "/admin/exports",
  audit: "/admin/audit",
} as const;

/** The back office's page of one order. */
export function adminOrderPath(number: string): string {
  return `/admin/orders/${encodeURIComponent(number)}`;
}

/** The back office's page of one product. */
export function adminProductPath(id: number): string {
  return `/admin/products/${id}`;
}

/**
 * Where /login?next=… may send someone after logging in: a path on this site, never another
 * site (`//evil.example` and `/\\evil.example` are other sites to a browser).
 */
export function safeNextPath(next: string | null): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) {
    return null;
  }
  return next;
}

/** Whether a path is in the back office. */
export function isAdminPath(pathname: string): boolean {
  return pathname === adminPaths.orders || pathname.startsWith(`${adminPaths.orders}/`);
}

/** Files read by URL: SPEC §7's data file, the glossary page's data, and the SEO files. */
export const dataFiles = {
  /** The catalogue in products.csv's format, from the database (SPEC §7, issue 25). */
  products: "/ProductData.csv",
  terminologies: "/Terminologies.csv",
  /** The parsed glossary, for the glossary page (docs/decisions/013); not in SPEC §7. */
  glossary: "/glossary.json",
  sitemap: "/sitemap.xml",
  robots: "/robots.txt",
  /** The site for language models and assistants (llmstxt.org), naming the MCP endpoint. */
  llms: "/llms.txt",
} as const;

/**
 * Files an account's form posts for, with the login in the form (never in the address): not
 * pages, never prerendered or listed in the sitemap (they are not in `paths`).
 */
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

/**
 * Screens whose content is the visitor's own: a cart, search results, an account, the pages
 * e-mailed links open. They say `noindex` and are left out of the sitemap (robots.txt still
 * lets crawlers read that).
 */
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

/**
 * Pages whose HTML depends on the request, so the server renders them (decision 011): search
 * results, and the pages e-mailed links open with `?token=`, whose form must hold the link's
 * secret without JavaScript; never kept or prerendered (decision 021). The account's page too:
 * its answers carry a login, so every one of them, the page included, is `no-store` (its
 * `headers`), which a prerendered file's would not be (issue 34).
 */
export const serverRenderedPaths: readonly string[] = [
  paths.search,
  paths.account,
  ...linkPagePaths,
];

/**
 * Pages that show the catalogue, which staff change while the site runs (issue 25): the server
 * renders each from the catalogue it holds and keeps the page until the catalogue changes.
 */
export const catalogueRenderedPaths: readonly string[] = [
  paths.books,
  paths.cyberware,
  paths.merchandise,
  paths.cart,
  paths.checkout,
  dataFiles.products,
  // Lists every product's page.
  dataFiles.sitemap,
];

/** The canonical form of a path (case variants map to the route table's spelling). */
export function canonicalPath(pathname: string): string {
  return caseVariants[pathname] ?? pathname;
}

/**
 * What `npm run build` writes as HTML: every static route but the server-rendered ones, and
 * the case variants of SPEC §2 so the server finds a file under either spelling.
 */
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

/** The pages worth submitting to search engines, for sitemap.xml. */
export function indexablePaths(): string[] {
  return Object.values(paths)
    .filter((path) => !noIndexPaths.includes(path))
    .sort();
}
