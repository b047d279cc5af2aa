import type { ReactNode } from "react";

/**
 * Shown while a page that needs the login kept in this browser is drawn, and, in a browser
 * that runs no JavaScript at all, why it never will be (SPEC keeps the login in localStorage,
 * which only a script can read).
 */
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
