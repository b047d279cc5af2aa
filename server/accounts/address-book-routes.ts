import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ADDRESS_BOOK_MAX,
  addressBookSchema,
  addressIdSchema,
  savedAddressInputSchema,
} from "#core/account/address-book.ts";
import { errorResponses } from "#core/api/api-schemas.ts";
import type { AccountRouteOptions } from "./accounts-routes.ts";
import type { Asker } from "./account-doors.ts";

/** The account's address book (issue 39) under /api/account/addresses, bearer only. */
export const addressBookRoutes: FastifyPluginAsyncZod<AccountRouteOptions> = async (
  app,
  { auth, accounts, limits },
) => {
  const tags = ["account"];
  const security = [{ bearer: [] }];
  const asker = (request: FastifyRequest, reply: FastifyReply): Asker => ({
    caller: request,
    // Counted by the route's onRequest hook, before the body was read.
    count: async () => {},
    session: () => auth.requireSession(request, reply),
  });
  const writeLimit = { onRequest: limits.hook("accountWrite") };
  const path = "/account/addresses";
  const changed = "The whole address book as it is after the change, the default first.";

  app.get(
    path,
    {
      schema: {
        summary: "The account's saved addresses, the default first",
        tags,
        security,
        response: { 200: addressBookSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => accounts.addresses(asker(request, reply)),
  );

  app.post(
    path,
    {
      ...writeLimit,
      schema: {
        summary: "Save an address to the account",
        description: `The address is checked as checkout checks one. The first address saved becomes the default, as does one sent with \`makeDefault\`. At most ${ADDRESS_BOOK_MAX} addresses: one more is a 409. ${changed}`,
        tags,
        security,
        body: savedAddressInputSchema,
        response: { 201: addressBookSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const book = await accounts.addAddress(asker(request, reply), request.body);
      return reply.code(201).send(book);
    },
  );

  app.put(
    `${path}/:id`,
    {
      ...writeLimit,
      schema: {
        summary: "Change a saved address",
        description: `Another account's address, or one deleted, is a 404. ${changed}`,
        tags,
        security,
        params: addressIdSchema,
        body: savedAddressInputSchema,
        response: { 200: addressBookSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) =>
      accounts.editAddress(asker(request, reply), { id: request.params.id, ...request.body }),
  );

  app.delete(
    `${path}/:id`,
    {
      ...writeLimit,
      schema: {
        summary: "Delete a saved address",
        description: `Deleting the default makes the oldest address left the default. ${changed}`,
        tags,
        security,
        params: addressIdSchema,
        response: { 200: addressBookSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => accounts.deleteAddress(asker(request, reply), request.params.id),
  );

  app.put(
    `${path}/:id/default`,
    {
      ...writeLimit,
      schema: {
        summary: "Make a saved address the default",
        description: `Checkout chooses the default first. ${changed}`,
        tags,
        security,
        params: addressIdSchema,
        response: { 200: addressBookSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => accounts.makeDefaultAddress(asker(request, reply), request.params.id),
  );
};
