import type { FastifyRequest } from "fastify";
import type { OrderPages } from "#core/pages/page-services.ts";
import type { Auth } from "../accounts/auth.ts";
import { usableDiscount } from "../discounts/discount-codes.ts";
import { addressGroup } from "../http/client-address.ts";
import type { RequestLimits } from "../http/request-limits.ts";
import { renewOrderDownload } from "./order-downloads.ts";
import { quoteOrder } from "./order-placing.ts";
import { findOrder } from "./order-reading.ts";
import {
  askForReturnFor,
  cancelOrderFor,
  placeOrderFor,
  type OrderRequestOptions,
} from "./order-requests.ts";

export interface OrderPageDeps extends OrderRequestOptions {
  auth: Auth;
  limits: RequestLimits;
}

/** What the site's order pages ask of one request: the API's use cases under the API's limits. */
export function orderPages(deps: OrderPageDeps, request: FastifyRequest): OrderPages {
  const { auth, orders, limits } = deps;
  const userIdOf = async (login: string | undefined) =>
    login ? (await auth.sessionOf(request, login)).user.id : undefined;

  return {
    unitsPerProduct: orders.limits.unitsPerProduct,
    quote: (input) => quoteOrder(orders, input, addressGroup(request.ip)),
    discount: async (code) =>
      (await usableDiscount(orders.db, code, addressGroup(request.ip))).rule,
    async place(input, login) {
      await limits.take("placeOrder", request);
      const placed = await placeOrderFor(deps, request, input, await userIdOf(login));
      return { order: placed.order, accessToken: placed.accessToken };
    },
    async find(number, { login, token }) {
      return findOrder(orders, number, { userId: await userIdOf(login), token });
    },
    async cancel(number, { login, token }) {
      return cancelOrderFor(deps, request, number, { userId: await userIdOf(login), token });
    },
    async askReturn(number, input, { login, token }) {
      await limits.take("returnRequest", request);
      const userId = await userIdOf(login);
      return askForReturnFor(deps, request, number, { userId, token }, input);
    },
    async renewDownload(number, downloadId, { login, token }) {
      return renewOrderDownload(orders, number, downloadId, {
        userId: await userIdOf(login),
        token,
      });
    },
  };
}
