import styles from "./theme-toggle.module.css";

/** The page script switches the theme and CSS shows the fitting icon: the button never changes. */
export function ThemeToggle() {
  return (
    <button type="button" className={styles.toggle} data-theme-toggle="">
      <span className={styles.whenLight}>
        <MoonIcon />
        <span className="visually-hidden">Switch to dark mode</span>
      </span>
      <span className={styles.whenDark}>
        <SunIcon />
        <span className="visually-hidden">Switch to light mode</span>
      </span>
    </button>
  );
}

function SunIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="4.5" fill="currentColor" />
      <g stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M12 1.5v3M12 19.5v3M1.5 12h3M19.5 12h3M4.6 4.6l2.1 2.1M17.3 17.3l2.1 2.1M4.6 19.4l2.1-2.1M17.3 6.7l2.1-2.1" />
      </g>
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M20.5 14.6A8.5 8.5 0 0 1 9.4 3.5a8.5 8.5 0 1 0 11.1 11.1Z" />
    </svg>
  );
}
