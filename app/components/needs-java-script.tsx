import type { ReactNode } from "react";

/** SPEC keeps the login in localStorage, which only a script can read. */
export function NeedsJavaScript({ loading, page }: { loading: ReactNode; page: string }) {
  return (
    <>
      <p role="status">{loading}</p>
      <noscript>
        <p>
          {page} needs JavaScript: your login is kept in this browser, and only the page&apos;s
          script can read it. Please turn JavaScript on and reload the page.
        </p>
      </noscript>
    </>
  );
}
