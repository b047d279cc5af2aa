import { and, asc, desc, eq } from "drizzle-orm";
import {
  ADDRESS_BOOK_FULL,
  ADDRESS_BOOK_MAX,
  ADDRESS_NOT_FOUND,
  type AddressBook,
  type SavedAddress,
  type SavedAddressInput,
  type StoredAddress,
} from "#core/account/address-book.ts";
import type { Db, Tx } from "../db/client.ts";
import { savedAddresses, users, type SavedAddressRow } from "../db/schema.ts";
import { HttpError } from "../http/http-errors.ts";
import type { LiveSession } from "./session-store.ts";

const notFound = () => new HttpError(404, "address_not_found", ADDRESS_NOT_FOUND);

const shown = (row: SavedAddressRow): SavedAddress => ({
  id: row.id,
  isDefault: row.isDefault,
  address: row.address,
});

async function bookOf(executor: Db | Tx, userId: number): Promise<AddressBook> {
  const rows = await executor
    .select()
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .orderBy(desc(savedAddresses.isDefault), asc(savedAddresses.id));
  return { addresses: rows.map(shown), max: ADDRESS_BOOK_MAX };
}

/** One change at a time per account: the cap and the single default hold under concurrency. */
async function lockAccount(tx: Tx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

// Two statements: a unique index is checked row by row, so one UPDATE swapping the flag may trip it.
async function setDefault(tx: Tx, userId: number, id: number) {
  const now = new Date();
  await tx
    .update(savedAddresses)
    .set({ isDefault: false, updatedAt: now })
    .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.isDefault, true)));
  await tx
    .update(savedAddresses)
    .set({ isDefault: true, updatedAt: now })
    .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.id, id)));
}

const sameAddress = (a: StoredAddress, b: StoredAddress) =>
  (["firstName", "surname", "street", "city", "postcode", "countryCode", "state"] as const).every(
    (field) => (a[field] ?? "").toLowerCase() === (b[field] ?? "").toLowerCase(),
  );

export function addressBook(db: Db, { user }: LiveSession): Promise<AddressBook> {
  return bookOf(db, user.id);
}

/** The first address saved becomes the default. */
export async function addAddress(
  db: Db,
  { user }: LiveSession,
  { address, makeDefault }: SavedAddressInput,
): Promise<AddressBook> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, user.id);
    const book = await bookOf(tx, user.id);
    if (book.addresses.length >= ADDRESS_BOOK_MAX) {
      throw new HttpError(409, "address_book_full", ADDRESS_BOOK_FULL);
    }
    const [added] = await tx
      .insert(savedAddresses)
      .values({ userId: user.id, address })
      .returning({ id: savedAddresses.id });
    if (added && (makeDefault || book.addresses.length === 0)) {
      await setDefault(tx, user.id, added.id);
    }
    return bookOf(tx, user.id);
  });
}

/** Checkout's "Save this address to my account": skipped when it is saved already or the book is full. */
export async function rememberAddress(
  db: Db,
  session: LiveSession,
  address: StoredAddress,
): Promise<"saved" | "known" | "full"> {
  const book = await bookOf(db, session.user.id);
  if (book.addresses.some((saved) => sameAddress(saved.address, address))) return "known";
  if (book.addresses.length >= ADDRESS_BOOK_MAX) return "full";
  try {
    await addAddress(db, session, { address, makeDefault: false });
    return "saved";
  } catch (error) {
    if (error instanceof HttpError && error.code === "address_book_full") return "full";
    throw error;
  }
}

export async function editAddress(
  db: Db,
  { user }: LiveSession,
  id: number,
  { address, makeDefault }: SavedAddressInput,
): Promise<AddressBook> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, user.id);
    const changed = await tx
      .update(savedAddresses)
      .set({ address, updatedAt: new Date() })
      .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, user.id)))
      .returning({ id: savedAddresses.id });
    if (changed.length === 0) throw notFound();
    if (makeDefault) await setDefault(tx, user.id, id);
    return bookOf(tx, user.id);
  });
}

/** Deleting the default makes the oldest one left the default. */
export async function deleteAddress(
  db: Db,
  { user }: LiveSession,
  id: number,
): Promise<AddressBook> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, user.id);
    const [deleted] = await tx
      .delete(savedAddresses)
      .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, user.id)))
      .returning({ isDefault: savedAddresses.isDefault });
    if (!deleted) throw notFound();
    const book = await bookOf(tx, user.id);
    const next = book.addresses[0];
    if (deleted.isDefault && next) {
      await setDefault(tx, user.id, next.id);
      return bookOf(tx, user.id);
    }
    return book;
  });
}

export async function makeDefaultAddress(
  db: Db,
  { user }: LiveSession,
  id: number,
): Promise<AddressBook> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, user.id);
    const [owned] = await tx
      .select({ id: savedAddresses.id })
      .from(savedAddresses)
      .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, user.id)));
    if (!owned) throw notFound();
    await setDefault(tx, user.id, id);
    return bookOf(tx, user.id);
  });
}
