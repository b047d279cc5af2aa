import { useSearchParams } from "react-router";
import styles from "#app/components/forms.module.css";
import { paths } from "#app/paths.ts";

/** `/?notice=…`: the home page is rendered per notice and kept (handle.query), so no cookie is needed. */
export const FAREWELL_PARAM = "notice";

const FAREWELLS = {
  "logged-out": "You have logged out.",
  "logged-out-everywhere": "You are logged out on every device.",
  "account-deleted": "Your account has been deleted.",
} as const;

export type Farewell = keyof typeof FAREWELLS;

export const farewellPath = (farewell: Farewell) => `${paths.home}?${FAREWELL_PARAM}=${farewell}`;

const farewellOf = (value: string | null) =>
  value !== null && Object.hasOwn(FAREWELLS, value) ? FAREWELLS[value as Farewell] : null;

/** Where SPEC sends a logout and a deletion: says it worked. */
export function FarewellNotice() {
  const [params] = useSearchParams();
  return (
    <p role="status" className={styles.notice}>
      {farewellOf(params.get(FAREWELL_PARAM))}
    </p>
  );
}
