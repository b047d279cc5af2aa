/**
 * The first press of a first visit, as a visitor feels it: a fresh browser for every try, the
 * page loaded, the press 100 ms after its `load` event, and the time until the answer is on
 * screen, measured inside the page from the press event's own timestamp (so time the event
 * waited for a busy main thread counts). A press not answered within 5 s is lost. Each control
 * is pressed at normal speed and with the CPU slowed 4×, beside a reference button whose
 * handler is an inline script: the fastest answer the machine can give.
 */
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import { CHROMIUM_ARGS, findChromium } from "../scripts/find-chromium.ts";
import { median, printTable, type Check } from "./lib/table.ts";

export const PRESS_REFERENCE_PATH = "/__bench-press-reference";

/** DESIGN.md "Budgets": first press on a first visit. */
export const PRESS_BUDGETS = { lost: 0, medianMs: 150, worstMs: 400, worstMsSlowed: 1500 };

const PRESS_DELAY_MS = 100;
const LOST_AFTER_MS = 5000;
const RATES = [1, 4] as const;

/** The reference page: the site's styles and one button switched by an inline script. */
export function pressReferenceHtml(homeHtml: string): string {
  const headTags = [...homeHtml.matchAll(/<link rel="stylesheet"[^>]*>|<meta [^>]*>/g)]
    .map((match) => match[0])
    .join("");
  return `<!DOCTYPE html><html lang="en-AU"><head><title>Press reference</title>${headTags}</head><body><main id="main"><h1>Press reference</h1><button type="button" id="reference">Switch to dark mode</button></main><script>document.getElementById("reference").addEventListener("click",function(){document.documentElement.dataset.theme="dark"})</script></body></html>`;
}

/** One real line for the cart page (content/products.csv id 1). */
const CART = JSON.stringify([{ id: 1, type: "Hardback", quantity: 1 }]);

interface Control {
  name: string;
  path: string;
  viewport?: { width: number; height: number };
  /** localStorage set before the page's first byte. */
  storage?: Record<string, string>;
  target: (page: Page) => Locator;
  /** The answer on screen: every condition holds (checked in the page on every frame). */
  answer: Condition[];
}

/** An element the selector finds, visible if asked, with exactly or at least the text. */
interface Condition {
  selector: string;
  visible?: boolean;
  text?: string;
  includes?: string;
}

const darkTheme: Condition[] = [{ selector: 'html[data-theme="dark"]' }];

export const CONTROLS: Control[] = [
  {
    name: "reference: inline handler",
    path: PRESS_REFERENCE_PATH,
    target: (page) => page.getByRole("button", { name: "Switch to dark mode" }),
    answer: darkTheme,
  },
  {
    name: "theme toggle on /",
    path: "/",
    target: (page) => page.getByRole("button", { name: "Switch to dark mode" }),
    answer: darkTheme,
  },
  {
    name: "menu on / at 390 px",
    path: "/",
    viewport: { width: 390, height: 844 },
    target: (page) => page.locator("header summary", { hasText: "Menu" }),
    answer: [{ selector: 'nav[aria-label="Main"]', visible: true }],
  },
  ...["/books", "/cyberware", "/merchandise"].map((path) => ({
    name: `Add to Cart on ${path}`,
    path,
    target: (page: Page) =>
      page
        .getByRole("main")
        .getByRole("button", { name: /^Add to Cart/ })
        .first(),
    answer: [
      { selector: "main article [role=status]", text: "Added to Cart!" },
      { selector: "[data-testid=cart-count]", text: "1" },
    ],
  })),
  {
    name: "genre filter on /books",
    path: "/books",
    target: (page) =>
      page.getByRole("navigation", { name: "Genres" }).getByRole("link", {
        name: "Science Fiction",
      }),
    answer: [{ selector: "h1", text: "Science Fiction" }],
  },
  {
    name: "Remove on /cart",
    path: "/cart",
    storage: { cart: CART },
    target: (page) => page.getByRole("button", { name: /^Remove / }),
    answer: [{ selector: "main", includes: "Your cart is empty." }],
  },
];

interface Press {
  /** From the press to the first frame that shows the answer; undefined when lost. */
  ms?: number;
}

async function pressOnce(
  browser: Browser,
  origin: string,
  control: Control,
  rate: number,
): Promise<Press> {
  const context = await browser.newContext({
    viewport: control.viewport ?? { width: 1280, height: 800 },
  });
  try {
    await context.addInitScript((storage: Record<string, string>) => {
      // Times are absolute (timeOrigin + timestamp), so a press on a link that loads the next
      // document is measured across the two; the press survives in sessionStorage.
      if (!sessionStorage.getItem("bench-started")) {
        sessionStorage.setItem("bench-started", "1");
        for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
      }
      const pressedAt = Number(sessionStorage.getItem("bench-pressed-at") ?? -1);
      const marks = { pressedAt, answeredAt: -1 };
      Object.assign(window, { __press: marks });
      addEventListener(
        "pointerdown",
        (event) => {
          if (marks.pressedAt >= 0) return;
          marks.pressedAt = performance.timeOrigin + event.timeStamp;
          sessionStorage.setItem("bench-pressed-at", String(marks.pressedAt));
        },
        { capture: true },
      );
    }, control.storage ?? {});
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate });
    await page.goto(`${origin}${control.path}`, { waitUntil: "load" });
    const loadedAt = Date.now();
    const target = control.target(page);
    // What a visitor cannot see, they cannot press yet: the wait counts before the press.
    await target.waitFor({ state: "visible", timeout: LOST_AFTER_MS });
    // Visitors scroll to what they press; the press itself comes 100 ms after load.
    await target.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await page.waitForTimeout(Math.max(0, PRESS_DELAY_MS - (Date.now() - loadedAt)));
    const box = await target.boundingBox();
    if (!box) return {};
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const answered = await waitForAnswer(page, control.answer);
    if (!answered || answered.answeredAt < 0 || answered.pressedAt < 0) return {};
    return { ms: answered.answeredAt - answered.pressedAt };
  } finally {
    await context.close();
  }
}

/**
 * Runs in the page: the press and answer times once every condition holds, the press alone
 * (answer -1) once it is too late, false while still waiting.
 */
function answeredSincePress([answer, limit]: readonly [Condition[], number]) {
  const marks = (window as unknown as { __press: { pressedAt: number; answeredAt: number } })
    .__press;
  const now = performance.timeOrigin + performance.now();
  if (marks.pressedAt < 0) return false;
  const met = answer.every((condition) => {
    const element = document.querySelector(condition.selector);
    if (!element) return false;
    if (condition.visible && !element.checkVisibility()) return false;
    if (condition.text !== undefined && element.textContent !== condition.text) return false;
    return condition.includes === undefined || element.textContent?.includes(condition.includes);
  });
  if (met) {
    if (marks.answeredAt < 0) marks.answeredAt = now;
    return marks;
  }
  return now - marks.pressedAt > limit ? { ...marks, answeredAt: -1 } : false;
}

/**
 * Polls the answer every frame until it gives the marks. A link pressed before the page hydrated
 * loads the next document, which ends the polling in the first one: it goes on in the next.
 */
async function waitForAnswer(page: Page, answer: Condition[]) {
  const deadline = Date.now() + LOST_AFTER_MS * 2;
  while (Date.now() < deadline) {
    try {
      const handle = await page.waitForFunction(
        answeredSincePress,
        [answer, LOST_AFTER_MS] as const,
        {
          polling: "raf",
          timeout: deadline - Date.now(),
        },
      );
      return (await handle.jsonValue()) as { pressedAt: number; answeredAt: number };
    } catch (error) {
      if (!/context was destroyed|navigation/i.test(String(error))) return undefined;
      await page.waitForLoadState("domcontentloaded").catch(() => {});
    }
  }
  return undefined;
}

export async function benchFirstPress(options: {
  origin: string;
  tries?: number;
}): Promise<Check[]> {
  const tries = options.tries ?? 10;
  const executablePath = findChromium();
  if (!executablePath) throw new Error("No Chromium found (set CHROME_PATH)");
  const browser = await chromium.launch({
    executablePath,
    args: ["--headless=new", ...CHROMIUM_ARGS],
  });
  const checks: Check[] = [];
  const rows: Record<string, string | number>[] = [];
  try {
    for (const rate of RATES) {
      let referenceMedian = Number.NaN;
      for (const control of CONTROLS) {
        const times: number[] = [];
        let lost = 0;
        for (let attempt = 0; attempt < tries; attempt++) {
          const press = await pressOnce(browser, options.origin, control, rate);
          if (press.ms === undefined) lost++;
          else times.push(press.ms);
        }
        const middle = times.length > 0 ? median(times) : Number.NaN;
        const worst = times.length > 0 ? Math.max(...times) : Number.NaN;
        const reference = control.path === PRESS_REFERENCE_PATH;
        if (reference) referenceMedian = middle;
        rows.push({
          control: control.name,
          CPU: `${rate}×`,
          "median ms": Math.round(middle),
          "worst ms": Math.round(worst),
          lost: `${lost}/${tries}`,
          "reference median ms": Math.round(referenceMedian),
        });
        if (reference) continue;
        const label = `${control.name} at ${rate}× CPU`;
        checks.push({ label: `${label}: ${lost} of ${tries} presses lost`, ok: lost === 0 });
        if (rate === 1) {
          checks.push(
            {
              label: `${label}: median ${Math.round(middle)} ms ≤ ${PRESS_BUDGETS.medianMs}`,
              ok: middle <= PRESS_BUDGETS.medianMs,
            },
            {
              label: `${label}: worst ${Math.round(worst)} ms ≤ ${PRESS_BUDGETS.worstMs}`,
              ok: worst <= PRESS_BUDGETS.worstMs,
            },
          );
        } else {
          checks.push({
            label: `${label}: worst ${Math.round(worst)} ms ≤ ${PRESS_BUDGETS.worstMsSlowed}`,
            ok: worst <= PRESS_BUDGETS.worstMsSlowed,
          });
        }
      }
    }
  } finally {
    await browser.close();
  }
  printTable(
    `First press on a first visit (${tries} tries each, fresh browser, press ${PRESS_DELAY_MS} ms after load)`,
    rows,
  );
  return checks;
}
