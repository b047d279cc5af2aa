import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";

/** The form field an e-mailed link's secret is posted in; the page script fills it from `#token=`. */
export const LINK_TOKEN_FIELD = "token";

function clean(token: string | null | undefined): string | null {
  return token?.trim() ? token.trim() : null;
}

/**
 * The secret of an e-mailed link: `?token=…` as sent since decision 021, or `#token=…` as
 * links e-mailed before it say (they work until they expire).
 */
export function readLinkToken(location: Pick<Location, "hash" | "search">): string | null {
  const fromQuery = new URLSearchParams(location.search).get("token");
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, "")).get("token");
  return clean(fromQuery) ?? clean(fromHash);
}

export interface LinkToken {
  /** The secret, if the address holds one. */
  token: string | null;
  /**
   * Whether the whole address has been read. Until the page runs in the browser only the query
   * is known (the server never sees a fragment), so a missing token may still turn up.
   */
  read: boolean;
}

/**
 * The link's secret, for the page's form: from the query as the server renders the page, then
 * from an old link's fragment once the page runs. The address bar then drops it, so it stays
 * out of the history, bookmarks and any screenshot; the form keeps it.
 */
export function useLinkToken(): LinkToken {
  const [searchParams] = useSearchParams();
  const [link, setLink] = useState<LinkToken>(() => ({
    token: clean(searchParams.get("token")),
    read: false,
  }));

  // Read once: in development effects run twice, and the second run finds the address clean.
  const fromAddress = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (fromAddress.current === undefined) {
      fromAddress.current = readLinkToken(window.location);
      if (fromAddress.current !== null) {
        // React Router's own location keeps the query: this only changes what the bar shows.
        window.history.replaceState(window.history.state, "", window.location.pathname);
      }
    }
    const token = fromAddress.current;
    setLink((current) => ({ token: current.token ?? token, read: true }));
  }, []);

  return link;
}
