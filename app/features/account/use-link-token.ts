import { useEffect, useRef, useState } from "react";

/** The secret of an e-mailed link: `#token=…` as sent, or `?token=…` as a mail client may rewrite it. */
export function readLinkToken(location: Pick<Location, "hash" | "search">): string | null {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, "")).get("token");
  const token = fromHash ?? new URLSearchParams(location.search).get("token");
  return token?.trim() ? token.trim() : null;
}

export type LinkToken =
  { status: "reading" } | { status: "missing" } | { status: "found"; token: string };

/**
 * The link's secret, read once the page runs in the browser (the prerendered HTML cannot know
 * it), then dropped from the address bar, so it stays out of the history, bookmarks and any
 * screenshot of the page.
 */
export function useLinkToken(): LinkToken {
  const [state, setState] = useState<LinkToken>({ status: "reading" });
  // Read once: in development React runs effects twice, and the second run would find the
  // address already cleaned.
  const read = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (read.current === undefined) {
      read.current = readLinkToken(window.location);
      if (read.current !== null) {
        window.history.replaceState(window.history.state, "", window.location.pathname);
      }
    }
    const token = read.current;
    setState(token === null ? { status: "missing" } : { status: "found", token });
  }, []);

  return state;
}
