import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import type { User } from "../db/schema.ts";
import { HttpError } from "../http/http-errors.ts";
import type { RedisConnection } from "../lib/redis-connection.ts";
import { createDeviceCookies } from "./device-cookies.ts";
import { createLoginLimiter } from "./login-limits.ts";
import { createPasswordHasher, OWASP_SCRYPT_COST, type ScryptCost } from "./password-hash.ts";
import { logSecurityEvent } from "./security-log.ts";
import { createSessionStore, type LiveSession } from "./session-store.ts";
import { createTokenService, InvalidTokenError } from "./tokens.ts";
import { createUserStore } from "./user-store.ts";

export interface AuthOptions {
  /** Signs tokens. Start-up always passes one; without it (tests) a per-process secret is used. */
  secret?: string;
  /** Tests only: cheaper scrypt parameters. Production uses OWASP_SCRYPT_COST. */
  hashCost?: ScryptCost;
  /** A session unused for this long is over (SESSION_IDLE_MINUTES). */
  idleMs?: number;
  /** Shared counters for the login limits; in memory without it (or while it is away). */
  redis?: RedisConnection | undefined;
}

export type Auth = ReturnType<typeof createAuth>;

const BEARER = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]*)\s*$/i;
const TOKEN = /^[\w-]+\.[\w-]+\.[\w-]*$/;

export const DEFAULT_IDLE_MS = 24 * 60 * 60 * 1000;

/** A staff login lasts a working day at most, whatever the token says (issue 14). */
export const STAFF_SESSION_SECONDS = 12 * 60 * 60;

const STAFF_ONLY = "This part of the site is for Kybernetes staff.";
const STAFF_SESSION_OVER = "Staff sessions last 12 hours. Please log in again.";
const STAFF_SESSION_IDLE =
  "Your staff session ended after 30 minutes without use. Please log in again.";

export function createAuth(
  db: Db,
  { secret, hashCost = OWASP_SCRYPT_COST, idleMs = DEFAULT_IDLE_MS, redis }: AuthOptions = {},
) {
  const users = createUserStore(db);
  const passwords = createPasswordHasher(hashCost);
  const signingSecret = secret ?? randomBytes(48).toString("base64url");
  const tokens = createTokenService(signingSecret);
  const devices = createDeviceCookies(signingSecret);
  const sessions = createSessionStore(db, { idleMs });
  const limits = createLoginLimiter(redis);

  const unauthorized = (message: string) => new HttpError(401, "unauthorized", message);

  /**
   * The token's session, or a 401 unless genuine, open, not idle and of the user's token version
   * (a password change, reset or "log out everywhere" revokes older tokens).
   */
  async function sessionOf(
    caller: Pick<FastifyRequest, "ip" | "log">,
    token: string | undefined,
  ): Promise<LiveSession> {
    if (!token || !TOKEN.test(token)) throw unauthorized("Please log in to continue");
    const ended = "Your session has expired or is no longer valid. Please log in again.";
    let claims;
    try {
      claims = await tokens.verify(token);
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
      logSecurityEvent(caller, "token_rejected", "failure", { reason: "invalid token" });
      throw unauthorized(ended);
    }
    const session = await sessions.find(claims.sessionId, claims.userId);
    if (session === "staff_idle") {
      logSecurityEvent(caller, "token_rejected", "failure", {
        userId: claims.userId,
        reason: "staff session idle",
      });
      throw unauthorized(STAFF_SESSION_IDLE);
    }
    if (session === "ended" || session.user.tokenVersion !== claims.version) {
      logSecurityEvent(caller, "token_rejected", "failure", {
        userId: claims.userId,
        reason: session === "ended" ? "session ended" : "revoked by version",
      });
      throw unauthorized(ended);
    }
    return session;
  }

  /** The session if it is a staff member's, opened less than 12 hours ago; else 403 or 401. */
  function staffOnly(caller: Pick<FastifyRequest, "ip" | "log">, session: LiveSession) {
    if (session.user.role !== "staff") {
      logSecurityEvent(caller, "staff_access_denied", "blocked", {
        userId: session.user.id,
        reason: "not staff",
      });
      throw new HttpError(403, "forbidden", STAFF_ONLY);
    }
    if (Date.now() - session.createdAt.getTime() > STAFF_SESSION_SECONDS * 1000) {
      logSecurityEvent(caller, "token_rejected", "failure", {
        userId: session.user.id,
        reason: "staff session older than 12 hours",
      });
      throw unauthorized(STAFF_SESSION_OVER);
    }
    return session;
  }

  /** The session of the request's bearer token, or a 401 that names the scheme. */
  async function requireSession(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<LiveSession> {
    try {
      return await sessionOf(request, BEARER.exec(request.headers.authorization ?? "")?.[1]);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) {
        reply.header("www-authenticate", 'Bearer realm="api"');
      }
      throw error;
    }
  }

  return {
    users,
    passwords,
    sessions,
    limits,
    devices,
    /** Opens a session and signs its token; a staff member's lasts STAFF_SESSION_SECONDS. */
    async issueToken(user: User): Promise<string> {
      const lifetimeSeconds = user.role === "staff" ? STAFF_SESSION_SECONDS : undefined;
      const sessionId = await sessions.open(user.id, lifetimeSeconds);
      return tokens.sign(
        { userId: user.id, username: user.username, version: user.tokenVersion, sessionId },
        { lifetimeSeconds },
      );
    },
    /** A token for the same session after the username or version changed. */
    reissueToken: (user: User, sessionId: string) =>
      tokens.sign(
        { userId: user.id, username: user.username, version: user.tokenVersion, sessionId },
        { lifetimeSeconds: user.role === "staff" ? STAFF_SESSION_SECONDS : undefined },
      ),
    requireSession,
    sessionOf,
    signUnsubscribe: (userId: number) => tokens.signUnsubscribe(userId),
    verifyUnsubscribe: (token: string) => tokens.verifyUnsubscribe(token),
    sealSignup: tokens.sealSignup,
    openSignup: tokens.openSignup,
    /** The role is checked on every call; a login from before it was granted lasts 12 h too. */
    async requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<LiveSession> {
      try {
        return staffOnly(request, await requireSession(request, reply));
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) {
          reply.header("www-authenticate", 'Bearer realm="api"');
        }
        throw error;
      }
    },
    /** `requireStaff` for a token the browser holds (a form's hidden field). */
    async staffSessionOf(
      caller: Pick<FastifyRequest, "ip" | "log">,
      token: string | undefined,
    ): Promise<LiveSession> {
      return staffOnly(caller, await sessionOf(caller, token));
    },
    async requireUser(request: FastifyRequest, reply: FastifyReply): Promise<User> {
      return (await requireSession(request, reply)).user;
    },
    /** Undefined without a token (guest checkout); a bad one is a 401: the session ended. */
    async optionalUser(request: FastifyRequest, reply: FastifyReply): Promise<User | undefined> {
      if (!request.headers.authorization) return undefined;
      return (await requireSession(request, reply)).user;
    },
  };
}
