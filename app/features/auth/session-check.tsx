/** What a guarded page shows until the stored token has been read (see useSessionGuard). */
export function SessionCheck() {
  return <p role="status">Checking your session…</p>;
}
