/** How long logging out waits for the server before going on without it. */
export const LOGOUT_TIMEOUT_MS = 2000;

/**
 * POST /api/logout: ends this token's session on the server, so a copy of the token is
 * worthless too (decision 015). Best effort: the browser forgets the token whatever the
 * answer, so a failure or a slow server never keeps anybody logged in here.
 */
export async function endServerSession(
  token: string,
  timeoutMs = LOGOUT_TIMEOUT_MS,
): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    await fetch("/api/logout", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
      // Lets the request finish even if the page moves on first.
      keepalive: true,
    });
  } catch {
    // Offline, aborted or refused: the token is dropped in the browser all the same.
  } finally {
    clearTimeout(timer);
  }
}
