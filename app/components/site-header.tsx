import { useId, useState } from "react";
import { Form, Link, NavLink, useLocation, useNavigate } from "react-router";
import { siteConfig } from "~core/site-config";
import { clearToken, useAuthToken } from "~/features/auth/auth-store";
import { cartLinkLabel } from "~/features/cart/cart-count-script";
import { useCartCount } from "~/features/cart/cart-store";
import { SEARCH_SCOPES } from "~/features/search/search-scopes";
import { ThemeToggle } from "~/features/theme/theme-toggle";
import { useHydrated } from "~/lib/use-hydrated";
import { paths } from "~/paths";
import styles from "./site-header.module.css";

/** SPEC §2 Header: the links every visitor sees. */
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

export function SiteHeader() {
  const location = useLocation();
  const navId = useId();
  // The menu stays open only on the page where it was opened: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.key;

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
          <button
            type="button"
            className={styles.menuButton}
            aria-expanded={menuOpen}
            aria-controls={navId}
            onClick={() => setOpenOn(menuOpen ? null : location.key)}
          >
            <MenuIcon open={menuOpen} />
            <span className="visually-hidden">Menu</span>
          </button>
        </div>
      </div>
      <nav
        id={navId}
        aria-label="Main"
        className={styles.nav}
        data-open={menuOpen ? "true" : "false"}
      >
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
    </header>
  );
}

/**
 * Login and Sign up for visitors, Account and Logout for token holders. The stored token is
 * unknown to the static HTML, so until hydration both pairs are rendered and CSS shows the one
 * that matches `data-session` on <html>, which the head script sets from localStorage.
 */
function AccountLinks() {
  const hydrated = useHydrated();
  const token = useAuthToken();
  if (!hydrated) {
    return (
      <>
        <VisitorLinks session="visitor" />
        <MemberLinks session="member" />
      </>
    );
  }
  return token ? <MemberLinks /> : <VisitorLinks />;
}

type SessionOnly = { session?: "visitor" | "member" };

function VisitorLinks({ session }: SessionOnly) {
  return (
    <>
      <li data-session-only={session}>
        <NavLink to={paths.login}>Login</NavLink>
      </li>
      <li data-session-only={session}>
        <NavLink to={paths.signup}>Sign up</NavLink>
      </li>
    </>
  );
}

function MemberLinks({ session }: SessionOnly) {
  const navigate = useNavigate();
  return (
    <>
      <li data-session-only={session}>
        <NavLink to={paths.account}>Account</NavLink>
      </li>
      <li data-session-only={session}>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => {
            clearToken();
            void navigate(paths.home);
          }}
        >
          Logout
        </button>
      </li>
    </>
  );
}

function CartLink() {
  const count = useCartCount();
  return (
    // The count and label are filled in from localStorage before hydration (cart-count-script),
    // so the static HTML and the first client render may differ here on purpose.
    <Link
      to={paths.cart}
      className={styles.cart}
      aria-label={cartLinkLabel(count)}
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
        data-cart-count
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
  return (
    <Form method="get" action={paths.search} role="search" className={styles.search}>
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
      <input id={queryId} type="search" name="q" placeholder="Search" maxLength={200} required />
      <button type="submit">Search</button>
    </Form>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        d={open ? "M5 5l14 14M19 5L5 19" : "M3 6h18M3 12h18M3 18h18"}
      />
    </svg>
  );
}
