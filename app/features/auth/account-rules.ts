import { lazyModule } from "~/lib/lazy-module";

/** The shared sign-up and account schemas, fetched when a form is first used. */
export const accountRules = lazyModule(() => import("~core/account/account-schemas"));
