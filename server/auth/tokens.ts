import { errors, jwtVerify, SignJWT } from "jose";

/** Tokens last a week; the per-user version revokes them earlier when needed. */
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

export interface TokenClaims {
  userId: number;
  username: string;
  /** The user's token version when the token was issued. */
  version: number;
}

export class InvalidTokenError extends Error {
  override name = "InvalidTokenError";
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a genuine, unexpired token; throws InvalidTokenError otherwise. */
  verify(token: string): Promise<TokenClaims>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId, username, version }) =>
      new SignJWT({ username, ver: version })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
        .sign(key),

    async verify(token) {
      try {
        // Only HS256 is accepted: "none" and any other algorithm fail here.
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        const userId = Number(payload.sub);
        const { username, ver } = payload;
        if (
          !Number.isSafeInteger(userId) ||
          userId <= 0 ||
          typeof username !== "string" ||
          typeof ver !== "number" ||
          !Number.isSafeInteger(ver) ||
          typeof payload.exp !== "number"
        ) {
          throw new InvalidTokenError("The token lacks the expected claims");
        }
        return { userId, username, version: ver };
      } catch (error) {
        if (error instanceof InvalidTokenError) throw error;
        if (error instanceof errors.JOSEError || error instanceof TypeError) {
          throw new InvalidTokenError(error.message);
        }
        throw error;
      }
    },
  };
}
