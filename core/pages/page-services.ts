import type { DiscountRule } from "../orders/discount-schemas.ts";
import type { AccountDetails, PersonalData } from "../account/account-responses.ts";
import type { Login, ResetPassword, Signup, UpdateAccount } from "../account/account-schemas.ts";
import type { AddressBook, SavedAddressInput, StoredAddress } from "../account/address-book.ts";
import type { ContactForm } from "../contact/contact-schema.ts";
import type { OrderQuote, OrderView, PlacedOrder } from "../orders/order.ts";
import type { PlaceOrder, QuoteRequest } from "../orders/order-schemas.ts";
import type { ReturnRequest } from "../orders/returns.ts";
import type { ShopProduct } from "../catalog/shop-product.ts";
import type { SearchEngine } from "../search/search-engine.ts";

// Here so server and app share it without importing each other. Each call counts against the
// API's per-address limits and goes into the security log; refusals: see `refusalOf`.
export interface PageServices {
  search: SearchEngine;
  /** Staff change the catalogue while the site runs. */
  catalogue(): CatalogueView;
  contact: {
    /** A filled honeypot is dropped unseen. */
    send(form: ContactForm & { honeypot?: string }): Promise<void>;
  };
  accounts: AccountPages;
  orders: OrderPages;
  stockAlerts: {
    /** On a sold-out product's page (by its slug); the same address twice keeps one alert. */
    ask(input: {
      slug: string;
      email: string;
    }): Promise<{ kind: "saved"; token: string } | { kind: "in_stock" } | { kind: "too_many" }>;
    cancel(token: string): Promise<boolean>;
  };
}

export interface CatalogueView {
  version: number;
  products: readonly ShopProduct[];
  featured: readonly ShopProduct[];
  bySlug: ReadonlyMap<string, ShopProduct>;
  /** A renamed product's old slug answers 301. */
  movedSlugs: ReadonlyMap<string, string>;
}

export interface PageLogin {
  token: string;
  setCookie: string;
}

/** `token` is the login the browser holds (a form's hidden field, filled from its storage). */
export interface AccountPages {
  /** The same answer for a new address and a taken one: a link, or a notice, is e-mailed. */
  signUp(input: Signup): Promise<void>;
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
  addAddress(login: string | undefined, input: SavedAddressInput): Promise<AddressBook>;
  editAddress(
    login: string | undefined,
    id: number,
    input: SavedAddressInput,
  ): Promise<AddressBook>;
  deleteAddress(login: string | undefined, id: number): Promise<AddressBook>;
  makeDefaultAddress(login: string | undefined, id: number): Promise<AddressBook>;
  rememberAddress(
    login: string | undefined,
    address: StoredAddress,
  ): Promise<"saved" | "known" | "full">;
  logOut(login: string | undefined): Promise<void>;
  logOutEverywhere(login: string | undefined): Promise<void>;
}

export interface OrderPages {
  /** Units of one product one order may take (MAX_UNITS_PER_PRODUCT), said in the cart. */
  readonly unitsPerProduct: number;
  quote(request: QuoteRequest): Promise<OrderQuote>;
  discount(code: string): Promise<DiscountRule>;
  place(input: PlaceOrder, login: string | undefined): Promise<PlacedOrder>;
  find(number: string, access: { login?: string; token?: string }): Promise<OrderView | undefined>;
  cancel(
    number: string,
    access: { login?: string; token?: string },
  ): Promise<OrderView | undefined>;
  renewDownload(
    number: string,
    downloadId: number,
    access: { login?: string; token?: string },
  ): Promise<OrderView | undefined>;
  askReturn(
    number: string,
    input: ReturnRequest,
    access: { login?: string; token?: string },
  ): Promise<OrderView | undefined>;
}

export interface PageContext {
  services: PageServices;
  /** Absent for a page many visitors get (prerendered or kept): hashes allow its scripts. */
  cspNonce?: string | undefined;
}

export interface Refusal {
  statusCode: number;
  code: string;
  message: string;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
}

/** By shape, not class: the server's error class and the site's build are separate copies. */
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
