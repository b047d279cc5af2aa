export const LOGOUT_TIMEOUT_MS = 2000;

/** Best effort (decision 015): the browser forgets the token whatever the answer. */
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
