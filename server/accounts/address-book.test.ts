import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS_BOOK_MAX, type AddressBook } from "#core/account/address-book.ts";
import type { OrderSummary } from "#core/orders/order.ts";
import type { Database } from "../db/client.ts";
import { savedAddresses, users } from "../db/schema.ts";
import {
  bearer,
  linkFromMail,
  mailsTo,
  newAccount,
  post,
  signUp,
  uniqueName,
  updateAccount,
} from "#tests/server/account-helpers.ts";
import { placeOrder } from "#tests/server/order-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase, testEngines } from "#tests/server/test-database.ts";
import { ADDRESS } from "#tests/fixtures/addresses.ts";

const HOBART = {
  firstName: "Grace",
  surname: "Hopper",
  street: "2 Compiler Lane",
  city: "Hobart",
  postcode: "7000",
  country: "au",
  state: "",
};

describe.each(testEngines())("the address book and past orders (%s)", (engine) => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = await createTestApp({ database });
  });
  afterAll(async () => {
    await app.close();
  });

  const url = "/api/account/addresses";
  const call = (
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    token: string | undefined,
    payload?: object,
  ) =>
    app.inject({
      method,
      url: path,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  const bookOf = async (token: string) => (await call("GET", url, token)).json<AddressBook>();
  const myOrders = async (token: string) =>
    (await call("GET", "/api/orders", token)).json<{ orders: OrderSummary[] }>().orders;

  it("adds, edits, makes default and deletes addresses, the first one the default", async () => {
    const { token } = await signUp(app);
    expect(await bookOf(token)).toEqual({ addresses: [], max: ADDRESS_BOOK_MAX });

    const first = await call("POST", url, token, { address: ADDRESS });
    expect(first.statusCode, first.body).toBe(201);
    const [sydney] = first.json<AddressBook>().addresses;
    expect(sydney).toMatchObject({
      isDefault: true,
      address: { ...ADDRESS, country: "Australia", countryCode: "AU", state: "NSW" },
    });

    // Written as a buyer may write it: the state follows the postcode, "au" is Australia.
    const second = (await call("POST", url, token, { address: HOBART })).json<AddressBook>();
    const hobart = second.addresses.find((saved) => saved.address.city === "Hobart");
    expect(hobart).toMatchObject({
      isDefault: false,
      address: { country: "Australia", countryCode: "AU", state: "TAS" },
    });

    const made = await call("PUT", `${url}/${hobart!.id}/default`, token);
    expect(made.statusCode).toBe(200);
    expect(made.json<AddressBook>().addresses.map((saved) => [saved.id, saved.isDefault])).toEqual([
      [hobart!.id, true],
      [sydney!.id, false],
    ]);

    const edited = await call("PUT", `${url}/${sydney!.id}`, token, {
      address: { ...ADDRESS, street: "3 Engine Street" },
      makeDefault: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AddressBook>().addresses[0]).toMatchObject({
      id: sydney!.id,
      isDefault: true,
      address: { street: "3 Engine Street" },
    });

    // Deleting the default leaves the other one the default.
    const deleted = await call("DELETE", `${url}/${sydney!.id}`, token);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<AddressBook>().addresses).toEqual([
      expect.objectContaining({ id: hobart!.id, isDefault: true }),
    ]);
  });

  it("checks an address as checkout does, field by field", async () => {
    const { token } = await signUp(app);
    const response = await call("POST", url, token, {
      address: { ...ADDRESS, postcode: "", country: "Narnia" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        fields: {
          "address.postcode": "Postcode is required",
          "address.country": "Country must be a country's name or two-letter code",
        },
      },
    });
    expect((await bookOf(token)).addresses).toEqual([]);
  });

  it(`keeps at most ${ADDRESS_BOOK_MAX} addresses, even when they arrive at once`, async () => {
    const { token } = await signUp(app);
    const answers = await Promise.all(
      Array.from({ length: ADDRESS_BOOK_MAX + 2 }, (_, index) =>
        call("POST", url, token, { address: { ...ADDRESS, street: `${index + 1} Babbage Row` } }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(ADDRESS_BOOK_MAX);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.json()).toMatchObject({
      error: { code: "address_book_full", message: expect.stringMatching(/address book is full/) },
    });
    const book = await bookOf(token);
    expect(book.addresses).toHaveLength(ADDRESS_BOOK_MAX);
    expect(book.addresses.filter((saved) => saved.isDefault)).toHaveLength(1);
  });

  it("answers 404 for another account's address and changes nothing of it", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const [saved] = (await call("POST", url, owner.token, { address: ADDRESS })).json<AddressBook>()
      .addresses;
    const id = saved!.id;
    for (const [method, path, payload] of [
      ["PUT", `${url}/${id}`, { address: HOBART }],
      ["DELETE", `${url}/${id}`, undefined],
      ["PUT", `${url}/${id}/default`, undefined],
    ] as const) {
      const response = await call(method, path, other.token, payload);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: "address_not_found" } });
    }
    expect((await bookOf(owner.token)).addresses).toEqual([saved]);
    expect((await bookOf(other.token)).addresses).toEqual([]);
  });

  it("needs a login for every call", async () => {
    for (const [method, path] of [
      ["GET", url],
      ["POST", url],
      ["PUT", `${url}/1`],
      ["DELETE", `${url}/1`],
      ["PUT", `${url}/1/default`],
    ] as const) {
      const payload = method === "POST" || path === `${url}/1` ? { address: ADDRESS } : undefined;
      expect((await call(method, path, undefined, payload)).statusCode, path).toBe(401);
    }
  });

  it("is in the personal-data export, and erased with the account", async () => {
    const account = await signUp(app);
    await call("POST", url, account.token, { address: ADDRESS });
    const data = await call("GET", "/api/account-data", account.token);
    expect(data.json()).toMatchObject({
      addresses: [{ isDefault: true, address: { street: ADDRESS.street } }],
    });
    const [user] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, account.username));
    expect(
      (await post(app, "/api/delete-account", undefined, { headers: bearer(account.token) }))
        .statusCode,
    ).toBe(200);
    const left = await database.db
      .select()
      .from(savedAddresses)
      .where(eq(savedAddresses.userId, user!.id));
    expect(left).toEqual([]);
  });

  it("shows earlier guest orders once the account's address is verified by sign-up", async () => {
    const account = newAccount();
    const guest = await placeOrder(app, { email: account.email.toUpperCase() });
    const someoneElses = await placeOrder(app, { email: `${uniqueName()}@example.org` });
    const { token } = await signUp(app, account);
    const numbers = (await myOrders(token)).map((order) => order.number);
    expect(numbers).toContain(guest.order.number);
    expect(numbers).not.toContain(someoneElses.order.number);
    // The e-mailed link still opens it.
    const byLink = await app.inject({
      method: "GET",
      url: `/api/orders/${guest.order.number}?token=${encodeURIComponent(guest.accessToken)}`,
    });
    expect(byLink.statusCode).toBe(200);
  });

  it("links a guest order placed with an address already verified to its account at once", async () => {
    const account = await signUp(app);
    const guest = await placeOrder(app, {
      email: account.email.toUpperCase(),
      address: { ...ADDRESS, firstName: "Visit spam.example" },
    });
    expect((await myOrders(account.token)).map((order) => order.number)).toEqual([
      guest.order.number,
    ]);
    const byLink = await app.inject({
      method: "GET",
      url: `/api/orders/${guest.order.number}?token=${encodeURIComponent(guest.accessToken)}`,
    });
    expect(byLink.statusCode).toBe(200);
    // Whoever typed the address proved nothing: no e-mail about the order quotes their words
    // (issue 23), the cancellation sent once it is the account's included.
    const cancelled = await app.inject({
      method: "POST",
      url: `/api/orders/${guest.order.number}/cancel?token=${encodeURIComponent(guest.accessToken)}`,
    });
    expect(cancelled.statusCode).toBe(200);
    const mails = await mailsTo(database.db, account.email.toUpperCase());
    expect(mails.map((mail) => mail.kind).sort()).toEqual(["order_cancelled", "order_received"]);
    for (const mail of mails) {
      expect(mail.text).toContain(guest.order.number);
      expect(mail.text).not.toContain("spam.example");
    }
  });

  it("claims no orders for an address that is not verified, and claims them once it is", async () => {
    const victim = `${uniqueName()}@example.org`;
    const guest = await placeOrder(app, { email: victim });
    const account = await signUp(app);
    // An address typed in but not proved: a change waiting for its link.
    expect((await updateAccount(app, account.token, { email: victim })).statusCode).toBe(200);
    expect(await myOrders(account.token)).toEqual([]);
    expect(
      (
        await app.inject({
          method: "GET",
          url: `/api/orders/${guest.order.number}`,
          headers: bearer(account.token),
        })
      ).statusCode,
    ).toBe(404);

    const { token } = await linkFromMail(database.db, victim, "verify_email");
    expect((await post(app, "/api/verify-email", { token })).statusCode).toBe(200);
    expect((await myOrders(account.token)).map((order) => order.number)).toEqual([
      guest.order.number,
    ]);
  });

  it("claims nothing for an account whose own address was never verified", async () => {
    const account = await signUp(app);
    await database.db
      .update(users)
      .set({ emailVerifiedAt: null })
      .where(sql`${users.username} = ${account.username}`);
    const later = await placeOrder(app, { email: account.email });
    // Logging in again proves nothing about the address.
    expect(
      (await post(app, "/api/login", { username: account.username, password: account.password }))
        .statusCode,
    ).toBe(200);
    expect(await myOrders(account.token)).toEqual([]);
    await post(app, "/api/resend-verification", undefined, { headers: bearer(account.token) });
    const { token } = await linkFromMail(database.db, account.email, "verify_email");
    expect((await post(app, "/api/verify-email", { token })).statusCode).toBe(200);
    expect((await myOrders(account.token)).map((order) => order.number)).toEqual([
      later.order.number,
    ]);
  });
});
