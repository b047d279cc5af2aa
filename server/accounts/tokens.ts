import { hkdfSync } from "node:crypto";
import { EncryptJWT, errors, jwtDecrypt, jwtVerify, SignJWT } from "jose";
import { LINK_LIFETIME_MINUTES } from "#core/account/account-emails.ts";

/** Tokens last a week at most; the session row ends them earlier (logout, idle, revocation). */
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/** Who issues login tokens and who accepts them: a token made for anything else is refused. */
export const TOKEN_ISSUER = "kybernetes";
export const TOKEN_AUDIENCE = "kybernetes-api";

export interface TokenClaims {
  userId: number;
  username: string;
  version: number;
  sessionId: string;
}

export interface SignOptions {
  /** How long the token lasts; TOKEN_LIFETIME_SECONDS when left out. */
  lifetimeSeconds?: number;
}

/** An account asked for at sign-up, made when the e-mailed link is followed (issue 34). */
export interface PendingSignup {
  username: string;
  email: string;
  /** The scrypt hash of the chosen password: the password itself never travels. */
  passwordHash: string;
}

export class InvalidTokenError extends Error {
  override name = "InvalidTokenError";
}

/** The audience of unsubscribe links: never accepted as a login, and no login is accepted as one. */
const UNSUBSCRIBE_AUDIENCE = "kybernetes-unsubscribe";

export interface TokenService {
  sign(claims: TokenClaims, options?: SignOptions): Promise<string>;
  /** The claims of a genuine, unexpired token; throws InvalidTokenError otherwise. */
  verify(token: string): Promise<TokenClaims>;
  /** Never expires (the Spam Act wants the link to keep working) and only unsubscribes. */
  signUnsubscribe(userId: number): Promise<string>;
  /** The user id of a genuine unsubscribe secret; throws InvalidTokenError otherwise. */
  verifyUnsubscribe(token: string): Promise<number>;
  /** The pending account, AES-256-GCM encrypted so only this shop reads or makes one. */
  sealSignup(pending: PendingSignup): Promise<string>;
  /** The pending account of a genuine, unexpired sign-up secret; throws InvalidTokenError. */
  openSignup(token: string): Promise<PendingSignup>;
}

/** Any failure of jose's checks is an invalid token; anything else stays what it is. */
function asInvalidToken(error: unknown): unknown {
  if (error instanceof errors.JOSEError || error instanceof TypeError) {
    return new InvalidTokenError(error.message);
  }
  return error;
}

const SESSION_ID = /^[\w-]{16,64}$/;

/** The audience of sign-up links: readable by nothing else, and nothing else reads as one. */
const SIGNUP_AUDIENCE = "kybernetes-signup";
const SIGNUP_LIFETIME_SECONDS = LINK_LIFETIME_MINUTES.finish_signup * 60;

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  // Its own key, derived from the secret: one key never both signs and encrypts.
  const signupKey = new Uint8Array(hkdfSync("sha256", secret, "", "kybernetes sign-up link", 32));
  return {
    sign: ({ userId, username, version, sessionId }, { lifetimeSeconds } = {}) =>
      new SignJWT({ username, ver: version, sid: sessionId })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(
          `${Math.min(lifetimeSeconds ?? TOKEN_LIFETIME_SECONDS, TOKEN_LIFETIME_SECONDS)}s`,
        )
        .sign(key),
    signUnsubscribe: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer(TOKEN_ISSUER)
        .setAudience(UNSUBSCRIBE_AUDIENCE)
        .setSubject(String(userId))
        .sign(key),
    async verifyUnsubscribe(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          issuer: TOKEN_ISSUER,
          audience: UNSUBSCRIBE_AUDIENCE,
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0) {
          throw new InvalidTokenError("The link names no user");
        }
        return userId;
      } catch (error) {
        throw asInvalidToken(error);
      }
    },
    sealSignup: ({ username, email, passwordHash }) =>
      // Short claim names: the secret travels in a link.
      new EncryptJWT({ u: username, e: email, h: passwordHash })
        .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
        .setIssuer(TOKEN_ISSUER)
        .setAudience(SIGNUP_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${SIGNUP_LIFETIME_SECONDS}s`)
        .encrypt(signupKey),
    async openSignup(token) {
      try {
        const { payload } = await jwtDecrypt(token, signupKey, {
          keyManagementAlgorithms: ["dir"],
          contentEncryptionAlgorithms: ["A256GCM"],
          issuer: TOKEN_ISSUER,
          audience: SIGNUP_AUDIENCE,
          maxTokenAge: SIGNUP_LIFETIME_SECONDS,
          requiredClaims: ["exp", "iat"],
        });
        const { u: username, e: email, h: passwordHash } = payload;
        if (
          typeof username !== "string" ||
          typeof email !== "string" ||
          typeof passwordHash !== "string"
        ) {
          throw new InvalidTokenError("The link lacks the expected claims");
        }
        return { username, email, passwordHash };
      } catch (error) {
        throw asInvalidToken(error);
      }
    },
    async verify(token) {
      try {
        // Only HS256 is accepted ("none" and any other algorithm fail here), from our issuer,
        // for our audience, and never older than a token's lifetime whatever its `exp` says.
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          maxTokenAge: TOKEN_LIFETIME_SECONDS,
          requiredClaims: ["exp", "iat", "sub"],
        });
        const userId = Number(payload.sub);
        const { username, ver, sid } = payload;
        if (
          !Number.isSafeInteger(userId) ||
          userId <= 0 ||
          typeof username !== "string" ||
          typeof ver !== "number" ||
          !Number.isSafeInteger(ver) ||
          typeof sid !== "string" ||
          !SESSION_ID.test(sid)
        ) {
          throw new InvalidTokenError("The token lacks the expected claims");
        }
        return { userId, username, version: ver, sessionId: sid };
      } catch (error) {
        throw asInvalidToken(error);
      }
    },
  };
}
