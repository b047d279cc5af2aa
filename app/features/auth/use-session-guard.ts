import { useCallback, useEffect, useRef } from "react";
import { useNavigate, type NavigateOptions } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { paths } from "#app/paths.ts";
import { clearToken, useAuthToken } from "./auth-store.ts";
import { farewellPath } from "./farewell.tsx";
import { isTokenUsable } from "./token-payload.ts";

export const SESSION_ENDED_NOTICE = "Your session has ended. Please log in again.";

/** SPEC §2/§6 guards, decided after hydration (the token is in localStorage). */
export function useSessionGuard(
  audience: "visitor" | "member",
  memberHome: string = paths.account,
) {
  const hydrated = useHydrated();
  const token = useAuthToken();
  const navigate = useNavigate();
  // Set when this page navigates away itself, so the guard starts no competing navigation.
  const leaving = useRef(false);
  // Whether this page has seen a token: losing it later (logout) means "go home", not "log in".
  const hadToken = useRef(false);

  const leave = useCallback(
    (to: string, options?: NavigateOptions) => {
      leaving.current = true;
      void navigate(to, options);
    },
    [navigate],
  );

  const endSession = useCallback(() => {
    leave(paths.login, { replace: true, state: { notice: SESSION_ENDED_NOTICE } });
    clearToken();
  }, [leave]);

  const usable = token !== null && isTokenUsable(token);

  useEffect(() => {
    if (!hydrated || leaving.current) return;
    if (audience === "visitor") {
      if (usable) leave(memberHome, { replace: true });
      // An expired token is no session: drop it so the header offers Login again.
      else if (token !== null) clearToken();
      return;
    }
    if (usable) {
      hadToken.current = true;
    } else if (token !== null) {
      endSession();
    } else {
      leave(hadToken.current ? farewellPath("logged-out") : paths.login, { replace: true });
    }
  }, [audience, hydrated, token, usable, leave, endSession, memberHome]);

  const ready = hydrated && (audience === "member" ? usable : !usable);
  return { ready, token: usable ? token : null, leave, endSession };
}
