import type { ReactNode } from "react";
import { useHydrated } from "#app/lib/use-hydrated.ts";

function SessionCheck() {
  return <p role="status">Checking your session…</p>;
}

type Audience = "visitor" | "member";

interface SessionGateProps {
  audience: Audience;
  ready: boolean;
  children: ReactNode;
}

// Before hydration both are rendered and CSS keyed on <html data-session> shows the one that
// fits, so nothing moves when React takes over; the wrapper stays, so an early press keeps it.
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
