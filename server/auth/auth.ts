import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import type { User } from "../db/schema.ts";
import { HttpError } from "../lib/http-errors.ts";
import { createPasswordHasher, OWASP_SCRYPT_COST, type ScryptCost } from "./password-hash.ts";
import { createTokenService, InvalidTokenError } from "./tokens.ts";
import { createUserStore } from "./user-store.ts";

export interface AuthOptions {
  /** Signs tokens. Start-up always passes one; without it (tests) a per-process secret is used. */
  secret?: string;
  /** Tests only: cheaper scrypt parameters. Production uses OWASP_SCRYPT_COST. */
  hashCost?: ScryptCost;
}

export type Auth = ReturnType<typeof createAuth>;

const BEARER = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]*)\s*$/i;

export function createAuth(db: Db, { secret, hashCost = OWASP_SCRYPT_COST }: AuthOptions = {}) {
  const users = createUserStore(db);
  const passwords = createPasswordHasher(hashCost);
  const tokens = createTokenService(secret ?? randomBytes(48).toString("base64url"));

  function unauthorized(reply: FastifyReply, message: string): HttpError {
    reply.header("www-authenticate", 'Bearer realm="api"');
    return new HttpError(401, "unauthorized", message);
  }

  return {
    users,
    passwords,

    issueToken: (user: User) =>
      tokens.sign({ userId: user.id, username: user.username, version: user.tokenVersion }),

    requireUser,

    /**
     * The signed-in user, or undefined for a request without a token (guest checkout). A token
     * that is sent but not valid is still a 401: the buyer should know their session ended.
     */
    async optionalUser(request: FastifyRequest, reply: FastifyReply): Promise<User | undefined> {
      if (!request.headers.authorization) return undefined;
      return requireUser(request, reply);
    },
  };

  /**
   * The user behind the request's bearer token, or a 401. The token must be genuine and
   * unexpired, its user must still exist, and its version must match the user's current one
   * (a password change or deletion revokes older tokens at once).
   */
  async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<User> {
    const match = BEARER.exec(request.headers.authorization ?? "");
    if (!match?.[1]) throw unauthorized(reply, "Please log in to continue");
    const session = "Your session has expired or is no longer valid. Please log in again.";
    let claims;
    try {
      claims = await tokens.verify(match[1]);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw unauthorized(reply, session);
      throw error;
    }
    const user = await users.findById(claims.userId);
    if (!user || user.tokenVersion !== claims.version) throw unauthorized(reply, session);
    return user;
  }
}
