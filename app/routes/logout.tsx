import { redirect } from "react-router";
import { authStore, clearToken } from "#app/features/auth/auth-store.ts";
import { endServerSession } from "#app/features/auth/end-server-session.ts";
import { farewellPath } from "#app/features/auth/farewell.tsx";
import { isTokenUsable } from "#app/features/auth/token-payload.ts";
import { interactive } from "#app/lib/route-handle.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { paths } from "#app/paths.ts";

/** A link, so it works on every page; the server ends the session first, so a copied token dies. */
export const meta = () =>
  pageMeta({
    title: "Logout",
    description: "Logging you out of your Kybernetes account.",
    path: paths.logout,
  });

export const handle = interactive;

export async function clientLoader() {
  const token = authStore.get();
  // An expired token has no session left to end.
  if (token !== null && isTokenUsable(token)) await endServerSession(token);
  clearToken();
  return redirect(farewellPath("logged-out"));
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <>
      <p role="status">Logging you out…</p>
      <noscript>
        <p>
          Logging out needs JavaScript, which holds your session in this browser. Turn it on, or
          clear this site&apos;s data in your browser&apos;s settings.
        </p>
      </noscript>
    </>
  );
}

export default function Logout() {
  return null;
}
