import { useCallback, useEffect, useState } from "react";
import { ApiError } from "#app/lib/api-client.ts";
import { accountApi, type AccountDetails } from "./account-api.ts";

export type DetailsState =
  { status: "loading" } | { status: "ready"; details: AccountDetails } | { status: "failed" };

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * The signed-in user's details (GET /api/get-account-details), read again when the token
 * changes or `reload` is called; nothing is asked while the token is still unknown (null). A 401 ends the session through `onUnauthorized`.
 */
export function useAccountDetails(token: string | null, onUnauthorized: () => void) {
  const [state, setState] = useState<DetailsState>({ status: "loading" });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (token === null) return;
    let current = true;
    accountApi.getAccountDetails(token).then(
      (details) => {
        if (current) setState({ status: "ready", details });
      },
      (error: unknown) => {
        if (!current) return;
        if (isUnauthorized(error)) onUnauthorized();
        else setState({ status: "failed" });
      },
    );
    return () => {
      current = false;
    };
  }, [token, generation, onUnauthorized]);

  const reload = useCallback(() => setGeneration((count) => count + 1), []);
  return { state, reload };
}
