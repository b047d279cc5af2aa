import { createHash } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import axe from "axe-core";

/**
 * Every browser test fails on a console error, an uncaught exception or a CSP violation,
 * so a page that "looks fine" but breaks the policy or throws cannot pass.
 */
export const test = base.extend<{
  consoleProblems: string[];
  allowedConsoleErrors: RegExp | undefined;
}>({
  /**
   * Each test (and each retry) is a visitor of its own address, as the server behind a proxy
   * sees people (TRUST_PROXY in playwright.config.ts): per-address limits on renders, searches
   * and orders then count one test's requests, never the whole suite's.
   */
  // Playwright reads a fixture's dependencies from its first parameter: none here.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, provide, testInfo) => {
    const digest = createHash("sha256").update(`${testInfo.testId}:${testInfo.retry}`).digest();
    const address = `10.${digest[0]}.${digest[1]}.${((digest[2] ?? 0) % 254) + 1}`;
    await provide({ "x-forwarded-for": address });
  },
  /** Console errors a test provokes on purpose (a 404 document, a blocked request). */
  allowedConsoleErrors: [undefined, { option: true }],
  consoleProblems: [
    async ({ page, allowedConsoleErrors }, use) => {
      const problems: string[] = [];
      // Some violations (a caught `new Function`, say) never reach the console on their own.
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(
            `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline code"}`,
          );
        });
      });
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (!allowedConsoleErrors?.test(text)) problems.push(text);
      });
      page.on("pageerror", (error) => {
        const text = `pageerror: ${error.message}`;
        if (!allowedConsoleErrors?.test(text)) problems.push(text);
      });
      await use(problems);
      expect(problems, "console errors or CSP violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Zero axe violations (WCAG 2.1 A and AA) on the current page. Axe runs inside the page, as
 * @axe-core/playwright's legacy mode runs it, and reports violations only: the default opens a
 * blank page per check to combine frames' results and returns every pass too, which made a
 * check on a small page take about 1 s instead of 0.3 s. The same rules run on the same elements.
 */
export async function expectNoAxeViolations(
  page: Page,
  {
    coloursOnly = false,
  }: {
    /** Only colour contrast: for a page checked whole already, now in the other theme. */
    coloursOnly?: boolean;
  } = {},
) {
  await injectAxe(page);
  const options: axe.RunOptions = {
    runOnly: coloursOnly
      ? { type: "rule", values: ["color-contrast"] }
      : { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    resultTypes: ["violations"],
  };
  const violations = await page.evaluate(
    async (runOptions) =>
      (await (window as unknown as { axe: typeof axe }).axe.run(document, runOptions)).violations,
    options,
  );
  const summary = violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
}

/**
 * Puts axe-core in every frame of the page that does not have it yet, configured as
 * @axe-core/playwright's legacy mode configures it. That package evaluates axe's 1.3 MB script
 * twice per check, whether the page has it or not: a third of a check's time on a small page,
 * paid four times by a page checked in both themes. A document keeps it until it is left.
 */
async function injectAxe(page: Page) {
  const script = `${axe.source}
;axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } });`;
  const [main, ...frames] = page.frames();
  const missing = () => typeof (window as { axe?: unknown }).axe !== "object";
  if (main && (await main.evaluate(missing))) await main.evaluate(script);
  for (const frame of frames) {
    // As @axe-core/playwright: a frame that does not answer within a second (a map that cannot
    // load) is left out, and axe's own frame-tested rule then says so.
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, 1_000));
    const inject = (async () => {
      if (await frame.evaluate(missing)) await frame.evaluate(script);
    })().catch(() => {});
    await Promise.race([inject, timeout]);
  }
}

/**
 * The page as it is, in both themes: every rule in light colours, then the colour contrast in
 * dark ones (nothing else differs between them), and back to the theme it had.
 */
export async function expectNoAxeViolationsInBothThemes(page: Page) {
  const root = page.locator("html");
  const theme = await root.getAttribute("data-theme");
  await root.evaluate((element) => delete element.dataset.theme);
  await expectNoAxeViolations(page);
  await root.evaluate((element) => (element.dataset.theme = "dark"));
  await expectNoAxeViolations(page, { coloursOnly: true });
  await root.evaluate((element, value) => {
    if (value) element.dataset.theme = value;
    else delete element.dataset.theme;
  }, theme);
}

export async function setTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((value) => localStorage.setItem("theme", value), theme);
}

/**
 * Waits until the page is ready for clicks: on a page that loads React Router's scripts, until
 * React has hydrated; a read-only page has no scripts to wait for (docs/decisions/012).
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.hydrated === "true" ||
      !document.querySelector('script[type="module"]'),
  );
}

/** Whether the page loads framework JavaScript (a module script of React Router's). */
export async function loadsScripts(page: Page): Promise<boolean> {
  return page.evaluate(() => document.querySelector('script[type="module"]') !== null);
}

/** The header's menu button (a <summary>, which has no ARIA role of its own). */
export function menuButton(page: Page) {
  return page.locator("header summary", { hasText: "Menu" });
}

/** Holds back the site's JavaScript until the returned function is called. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** Counts every layout shift of each document the page opens from now on (see layoutShift). */
export async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const state = window as unknown as { layoutShift: number };
    state.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        state.layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** How far things moved on the open document since it loaded (0: nothing moved). */
export async function layoutShift(page: Page): Promise<number> {
  // Layout-shift entries are reported after the frame that moved something.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}
