import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "#app/lib/api-client.ts";
import { useLinkToken } from "./use-link-token.ts";

/** What following an e-mailed link came to, from reading the address to the server's answer. */
export type LinkOutcome<Result> =
  | { status: "reading" }
  /** The address has no token: the link was cut short, or the page was opened by hand. */
  | { status: "missing" }
  /** The token is there; the visitor has not pressed the button yet. */
  | { status: "ready" }
  | { status: "working" }
  | { status: "done"; result: Result }
  /** Used, expired, replaced by a newer link, or never valid. */
  | { status: "invalid" }
  /** Anything else (offline, too many tries): worth trying again. */
  | { status: "failed"; message: string };

/** A 400 on a link page is about the link: the server checks nothing else there. */
export function isInvalidLink(error: unknown): boolean {
  return error instanceof ApiError && (error.code === "invalid_link" || error.status === 400);
}

/**
 * Reads the link's token and posts it with `action`: at once when `onLoad` (verifying an
 * address, confirming a subscription), or when the visitor calls `follow` (unsubscribing, which
 * a mail scanner opening the link must not do). Each link works once, so a follow that is
 * under way or has succeeded is never repeated.
 */
export function useFollowLink<Result>(
  action: (linkToken: string) => Promise<Result>,
  { onLoad }: { onLoad: boolean },
) {
  const link = useLinkToken();
  const [outcome, setOutcome] = useState<LinkOutcome<Result> | null>(null);
  const busy = useRef(false);
  const started = useRef(false);

  const follow = useCallback(async () => {
    if (link.status !== "found" || busy.current) return;
    busy.current = true;
    setOutcome({ status: "working" });
    try {
      setOutcome({ status: "done", result: await action(link.token) });
      // Stays busy: a used link cannot be followed again.
    } catch (error) {
      busy.current = false;
      setOutcome(
        isInvalidLink(error)
          ? { status: "invalid" }
          : {
              status: "failed",
              message: error instanceof ApiError ? error.message : "Something went wrong.",
            },
      );
    }
  }, [link, action]);

  useEffect(() => {
    if (!onLoad || link.status !== "found" || started.current) return;
    // Not undone by the effect's cleanup: the request is already on its way to the server.
    started.current = true;
    void follow();
  }, [onLoad, link, follow]);

  const current: LinkOutcome<Result> =
    outcome ??
    (link.status === "found" ? { status: onLoad ? "working" : "ready" } : { status: link.status });
  return { outcome: current, follow };
}
