import { useEffect, useId, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { cartLinkLabel } from "#core/cart/cart.ts";
import { siteConfig } from "#core/site-config.ts";
import { useCartCount } from "#app/features/cart/cart-store.ts";
import { SEARCH_SCOPES } from "#app/features/search/search-scopes.ts";
import { ThemeToggle } from "#app/features/theme/theme-toggle.tsx";
import { paths } from "#app/paths.ts";
import styles from "./site-header.module.css";

export const primaryLinks = [
  { to: paths.home, label: "Home" },
  { to: paths.books, label: "Books" },
  { to: paths.cyberware, label: "Cyberware" },
  { to: paths.merchandise, label: "Merchandise" },
  { to: paths.cyberwareCatalogue, label: "Cyberware Catalogue" },
  { to: paths.cyborgMuseum, label: "Cyborg Museum" },
  { to: paths.cytheseus, label: "Cytheseus" },
  { to: paths.donate, label: "Donate" },
  { to: paths.events, label: "Events" },
  { to: paths.history, label: "History" },
  { to: paths.library, label: "Library" },
  { to: paths.transhumanRights, label: "Transhuman Rights" },
  { to: paths.volunteer, label: "Volunteer" },
  { to: paths.contactUs, label: "Contact Us" },
] as const;

/** Plain HTML on every page (decision 012): a <details> menu, a Logout link, a GET search form. */
export function SiteHeader() {
  return (
    <header className={styles.header}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className={styles.bar}>
        <Link to={paths.home} className={styles.brand}>
          <img src="/media/kybernetes-mark.svg" alt="" width="36" height="36" />
          <span>{siteConfig.brand}</span>
        </Link>
        <div className={styles.tools}>
          <SearchForm />
          <CartLink />
          <ThemeToggle />
        </div>
      </div>
      <MenuDisclosure />
    </header>
  );
}

/** Narrow screens show the summary as the menu button; wide ones always show the links. */
function MenuDisclosure() {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const shownAt = useRef(location.key);

  // A link inside the app closes the menu; the first render keeps one opened before hydration.
  useEffect(() => {
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    if (menu.current) menu.current.open = false;
  }, [location.key]);

  return (
    <details ref={menu} className={styles.menu} data-menu="">
      <summary className={styles.menuButton}>
        <MenuIcon />
        <span>Menu</span>
      </summary>
      <nav aria-label="Main" className={styles.nav}>
        <ul>
          {primaryLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end prefetch="intent">
                {link.label}
              </NavLink>
            </li>
          ))}
          <AccountLinks />
        </ul>
      </nav>
    </details>
  );
}

/** Both pairs are always in the HTML; <html data-session> decides which one CSS shows. */
function AccountLinks() {
  return (
    <>
      <li data-session-only="visitor">
        <NavLink to={paths.login}>Login</NavLink>
      </li>
      <li data-session-only="visitor">
        <NavLink to={paths.signup}>Sign up</NavLink>
      </li>
      <li data-session-only="member">
        <NavLink to={paths.account}>Account</NavLink>
      </li>
      <li data-session-only="member">
        <NavLink to={paths.logout}>Logout</NavLink>
      </li>
    </>
  );
}

function CartLink() {
  const count = useCartCount();
  return (
    // The page script fills count and label before React, so HTML and first render may differ.
    <Link
      to={paths.cart}
      className={styles.cart}
      aria-label={cartLinkLabel(count)}
      data-cart-link=""
      suppressHydrationWarning
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.4 2H21l-2.2 8.3a2 2 0 0 1-1.9 1.5H8.4a2 2 0 0 1-2-1.6L4.1 2H1V0h4.7Z"
        />
      </svg>
      <span>Cart</span>
      <span
        className={styles.count}
        data-testid="cart-count"
        data-cart-count=""
        suppressHydrationWarning
      >
        {count}
      </span>
    </Link>
  );
}

function SearchForm() {
  const scopeId = useId();
  const queryId = useId();
  const suggestionsId = useId();
  return (
    <Form
      method="get"
      action={paths.search}
      role="search"
      className={styles.search}
      data-search-box=""
    >
      <label htmlFor={scopeId} className="visually-hidden">
        Search in
      </label>
      <select id={scopeId} name="scope" defaultValue="all">
        {SEARCH_SCOPES.map((scope) => (
          <option key={scope.value} value={scope.value}>
            {scope.label}
          </option>
        ))}
      </select>
      <label htmlFor={queryId} className="visually-hidden">
        Search the site
      </label>
      {/* The page script makes this a combobox with suggestions (suggest-box.ts). */}
      <input id={queryId} type="search" name="q" placeholder="Search" maxLength={200} required />
      {/* Filled by the page script; the empty inner HTML keeps React out of them. */}
      <ul
        id={suggestionsId}
        role="listbox"
        aria-label="Search suggestions"
        className="search-suggestions"
        hidden
        data-search-suggestions=""
        dangerouslySetInnerHTML={{ __html: "" }}
      />
      <p
        role="status"
        className="visually-hidden"
        data-search-status=""
        dangerouslySetInnerHTML={{ __html: "" }}
      />
      <button type="submit">Search</button>
    </Form>
  );
}

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        d="M3 6h18M3 12h18M3 18h18"
      />
    </svg>
  );
}
