import { customType, integer, timestamp } from "drizzle-orm/pg-core";

export const at = (name: string) => timestamp(name, { withTimezone: true });

/** Bytes as PostgreSQL keeps them; PGlite answers a Uint8Array, node-postgres a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

export const money = (name: string) => integer(name).notNull();

export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
