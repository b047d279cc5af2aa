import type { ReactNode } from "react";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/** What a guarded page shows until the stored token has been read (see useSessionGuard). */
function SessionCheck() {
  return <p role="status">Checking your session…</p>;
}

type Audience = "visitor" | "member";

interface SessionGateProps {
  /** Who the page is for: visitors (login, sign-up) or token holders (account). */
  audience: Audience;
  /** From useSessionGuard: the session has been read and fits the audience. */
  ready: boolean;
  children: ReactNode;
}

/**
 * The page's content once the session fits its audience, the session check otherwise. Before
 * hydration React cannot read the stored token, so both are rendered and CSS keyed on
 * <html data-session> (set by the head script) shows the one that fits: a visitor sees the form
 * and a member the account screen from the first paint, with nothing moving when React takes
 * over. The content's wrapper stays in place, so a button pressed early keeps its element.
 */
export function SessionGate({ audience, ready, children }: SessionGateProps) {
  const hydrated = useHydrated();
  const otherAudience: Audience = audience === "member" ? "visitor" : "member";
  return (
    <>
      {ready || !hydrated ? (
        <div data-session-only={hydrated ? undefined : audience}>{children}</div>
      ) : null}
      {ready ? null : (
        <div data-session-only={hydrated ? undefined : otherAudience}>
          <SessionCheck />
        </div>
      )}
    </>
  );
}
