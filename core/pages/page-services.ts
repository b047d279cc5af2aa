import type { AccountDetails, PersonalData } from "../account/account-responses.ts";
import type { Login, ResetPassword, Signup, UpdateAccount } from "../account/account-schemas.ts";
import type { ContactForm } from "../contact/contact-schema.ts";
import type { OrderQuote, OrderView, PlacedOrder } from "../orders/order.ts";
import type { PlaceOrder, QuoteRequest } from "../orders/order-schemas.ts";
import type { ShopProduct } from "../catalog/shop-product.ts";
import type { SearchEngine } from "../search/search-engine.ts";

/**
 * What the server hands to the site's loaders and actions (app/load-context.ts), described here
 * so that the server implements it and the app reads it without either importing the other.
 * Every call is the request's own: the client's address counts against the same per-address
 * limits as the API's, and goes into the security log. A refusal is thrown as an error with
 * a `statusCode`, a `code`, a `message` and maybe `fields` (see `refusalOf`).
 */
export interface PageServices {
  /** The catalogue's in-memory search (/search). */
  search: SearchEngine;
  /** The catalogue as this instance holds it now: staff change it while the site runs. */
  catalogue(): CatalogueView;
  contact: {
    /** Stores (and forwards) a Contact Us message; a filled honeypot is dropped unseen. */
    send(form: ContactForm & { honeypot?: string }): Promise<void>;
  };
  accounts: AccountPages;
  orders: OrderPages;
}

/** The products for sale, and the version of the catalogue they come from. */
export interface CatalogueView {
  version: number;
  products: readonly ShopProduct[];
  /** The same products by slug (a product page's lookup), built once per catalogue. */
  bySlug: ReadonlyMap<string, ShopProduct>;
  /** A renamed product's old slugs → its slug now: the old address answers 301. */
  movedSlugs: ReadonlyMap<string, string>;
}

/** A login in a form's answer: the token the page stores, the device cookie it sets. */
export interface PageLogin {
  token: string;
  /** A Set-Cookie header value for the account's device cookie. */
  setCookie: string;
}

/** `token` is the login the browser holds (a form's hidden field, filled from its storage). */
export interface AccountPages {
  /** The same answer for a new address and a taken one: a link, or a notice, is e-mailed. */
  signUp(input: Signup): Promise<void>;
  /** A sign-up's e-mailed link followed: the account is made and logged in. */
  finishSignup(token: string): Promise<PageLogin>;
  logIn(input: Login): Promise<PageLogin>;
  forgotPassword(email: string): Promise<void>;
  resetPassword(input: ResetPassword): Promise<void>;
  verifyEmail(token: string): Promise<{ email: string }>;
  confirmSubscription(token: string): Promise<void>;
  unsubscribeWithLink(token: string): Promise<void>;
  details(login: string | undefined): Promise<AccountDetails>;
  update(
    login: string | undefined,
    input: UpdateAccount,
  ): Promise<{ token: string; emailChangePending?: true }>;
  resendVerification(login: string | undefined): Promise<{ alreadyVerified?: true }>;
  subscribe(login: string | undefined): Promise<{ subscribed: boolean; pending: boolean }>;
  unsubscribe(login: string | undefined): Promise<void>;
  exportData(login: string | undefined): Promise<PersonalData>;
  deleteAccount(login: string | undefined): Promise<void>;
  logOut(login: string | undefined): Promise<void>;
  logOutEverywhere(login: string | undefined): Promise<void>;
}

export interface OrderPages {
  /** What the lines cost, priced as checkout charges them; nothing is stored. */
  quote(request: QuoteRequest): OrderQuote;
  /** Places an order as a guest, or for the account of `login` when one is given. */
  place(input: PlaceOrder, login: string | undefined): Promise<PlacedOrder>;
  /** The order, for its account (`login`) or the holder of its link's token. */
  find(number: string, access: { login?: string; token?: string }): Promise<OrderView | undefined>;
  cancel(
    number: string,
    access: { login?: string; token?: string },
  ): Promise<OrderView | undefined>;
  /** A fresh link for one of a paid order's downloads, for whoever may see the order. */
  renewDownload(
    number: string,
    downloadId: number,
    access: { login?: string; token?: string },
  ): Promise<OrderView | undefined>;
}

/** One request's context: the services, and the nonce its inline scripts carry. */
export interface PageContext {
  services: PageServices;
  /** Absent for a page that goes to many visitors (prerendered or kept): hashes allow its scripts. */
  cspNonce?: string | undefined;
}

/** A refusal a service threw: what the page shows, and the status its answer carries. */
export interface Refusal {
  statusCode: number;
  code: string;
  message: string;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
}

/**
 * The refusal inside `error`, if it is one. Checked by shape, not class: the server's error
 * class and the site's build are separate copies of the code.
 */
export function refusalOf(error: unknown): Refusal | undefined {
  if (!(error instanceof Error)) return undefined;
  const candidate = error as Error & Partial<Refusal>;
  if (typeof candidate.statusCode !== "number" || typeof candidate.code !== "string") {
    return undefined;
  }
  if (candidate.statusCode < 400 || candidate.statusCode >= 500) return undefined;
  return {
    statusCode: candidate.statusCode,
    code: candidate.code,
    message: candidate.message,
    ...(candidate.fields ? { fields: candidate.fields } : {}),
    ...(candidate.retryAfterSeconds ? { retryAfterSeconds: candidate.retryAfterSeconds } : {}),
  };
}
