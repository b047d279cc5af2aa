/** Every table, for drizzle (drizzle.config.ts) and for code that reads several domains. */
export * from "./account-tables.ts";
export * from "./contact-tables.ts";
export * from "./catalog-tables.ts";
export * from "./order-tables.ts";
export * from "./refund-tables.ts";
export * from "./staff-tables.ts";
export * from "./mail-tables.ts";
export * from "./discount-tables.ts";
export * from "./newsletter-tables.ts";
