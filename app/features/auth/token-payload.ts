export interface TokenPayload {
  username: string;
  exp?: number;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** For display only: the server verifies every token. */
export function readTokenPayload(token: string | null): TokenPayload | null {
  if (!token) return null;
  const segment = token.split(".")[1];
  if (!segment) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(segment));
    if (typeof payload !== "object" || payload === null) return null;
    const { username, exp } = payload as Record<string, unknown>;
    if (typeof username !== "string") return null;
    return typeof exp === "number" ? { username, exp } : { username };
  } catch {
    return null;
  }
}

export function isTokenUsable(token: string): boolean {
  const payload = readTokenPayload(token);
  return payload !== null && (payload.exp === undefined || payload.exp * 1000 > Date.now());
}
