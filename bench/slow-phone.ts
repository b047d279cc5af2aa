/**
 * What a visitor on a slow phone feels (DESIGN.md "Budgets", issue 36): the link is slowed for
 * real, not simulated. Through the Chrome DevTools Protocol each page gets Lighthouse's slow-4G
 * values as applied throttling (562.5 ms added to every request, 1.47 Mbit/s down, 675 kbit/s
 * up) and a CPU slowed 4×, at 412×823, in a fresh browser context (empty cache) every run.
 *
 * - Press at paint: the page is opened and the first Add to Cart is pressed as soon as a frame
 *   showing it has been painted; the time from the press (its own event timestamp, so a busy main thread
 *   counts) to the first frame showing both the card's 'Added to Cart!' and the header's count
 *   at 1. Any POST the press sent (the action answering instead of the page script) is counted.
 * - LCP: a PerformanceObserver installed before the page's own scripts, read after `load` and a
 *   short settle; the same page again with every script request refused (the inline page script
 *   is part of the document, not a request, so it still runs: the figure is what the page's
 *   framework JavaScript costs the paint).
 *
 * Median of BENCH_SLOW_RUNS runs (default 3, made odd). `BENCH_ONLY=phone npm run bench`.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../scripts/find-chromium.ts";
import { readPressMarks, tap } from "./lib/tap.ts";
import { median, printTable, type Check } from "./lib/table.ts";

/** Lighthouse's slow 4G (mobileSlow4G): RTT 150 ms × 3.75, 1.6 Mbit/s × 0.9, 750 kbit/s × 0.9. */
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const CPU_RATE = 4;
const VIEWPORT = { width: 412, height: 823 };

/** DESIGN.md "Budgets": what a visitor on a slow phone feels. */
const SLOW_PHONE_BUDGETS = {
  pressMedianMs: 150,
  posts: 0,
  lcpRatio: 1.05,
  booksToHome: 1.2,
};

const PRODUCT = "/products/neural-interfaces-from-electrode-to-algorithm-hardback";
// The home page's featured cards sit below the brand text at 412 px: the probe scrolls to one.
const PRESS_PAGES = ["/", "/books", "/merchandise", PRODUCT, "/search?q=cyborg"];
const LCP_PAGES = [
  "/",
  "/books",
  "/cyberware",
  "/merchandise",
  PRODUCT,
  "/search?q=cyborg",
  "/cart",
];

const ADDED = "Added to Cart!";
const LOST_AFTER_MS = 5000;
const LCP_SETTLE_MS = 1500;
const PAGE_TIMEOUT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A function run in the page as a script of its own. tsx names inner functions with an
 * `__name` helper that the page does not have, hence the stand-in.
 */
function inPage<T>(fn: (options: T) => unknown, options: T): string {
  return `(() => { const __name = (fn) => fn; return (${fn.toString()})(${JSON.stringify(options)}); })()`;
}

/** A fresh context whose page runs on the slowed link and CPU. */
async function slowPage(browser: Browser, initScript: string) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript({ content: initScript });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_RATE });
  return { context, page, cdp };
}

async function evaluate<T>(cdp: CDPSession, expression: string): Promise<T | undefined> {
  try {
    const { result } = await cdp.send("Runtime.evaluate", {
      expression,
      returnByValue: true,
      awaitPromise: true,
    });
    return result.value as T | undefined;
  } catch {
    return undefined; // no document yet, or between two documents
  }
}

/** What the press probe keeps in the page (absolute times: timeOrigin + timestamp). */
interface PressMarks {
  /** When the frame drawing the button had been painted, from the navigation's start. */
  paintedMs: number;
  pressedAt: number;
  /** When the press's first handler ran: the wait for a busy main thread ends. */
  takenAt: number;
  /** When the page's own submit handlers had all run (the cart stored and said). */
  handledAt: number;
  answeredAt: number;
  lost: boolean;
  /** The press landed on the button (false: on something else; null: cannot tell). */
  hit: boolean | null;
  /** The answer came in a document loaded by the press (the action answered it). */
  newDocument: boolean;
}

/**
 * Installed before the page's own scripts in every document of a run. `__slowButton()` resolves
 * with the centre of the first Add to Cart once a frame showing it has been painted (no frame
 * runs before the page's styles are in: the one after the first that lays it out visible); the press is timed at `pointerdown` (capture phase, before any
 * handler of the page), and from then on every frame is checked for the answer. A press the
 * action answers loads another document; the press is kept in sessionStorage and the next
 * document's probe goes on checking.
 */
function pressProbe({ added, lostAfterMs }: { added: string; lostAfterMs: number }) {
  interface Kept {
    pressedAt: number;
    paintedMs: number;
    hit: boolean | null;
    productId: string | null;
  }
  const scope = window as unknown as {
    __slow: PressMarks;
    __slowButton: () => Promise<{ x: number; y: number }>;
  };
  const kept = JSON.parse(sessionStorage.getItem("bench-slow-press") ?? "null") as Kept | null;
  const marks: PressMarks = {
    paintedMs: kept?.paintedMs ?? -1,
    pressedAt: kept?.pressedAt ?? -1,
    takenAt: -1,
    handledAt: -1,
    answeredAt: -1,
    lost: false,
    hit: kept?.hit ?? null,
    newDocument: kept !== null,
  };
  let productId = kept?.productId ?? null;
  let button: HTMLButtonElement | null = null;
  scope.__slow = marks;

  const shown = () => {
    const status = document.querySelector(
      `form[data-add-to-cart][data-product-id="${productId}"] [role=status]`,
    );
    const count = document.querySelector("header [data-cart-count]");
    return (
      status !== null &&
      status.textContent?.trim() === added &&
      status.checkVisibility() &&
      count?.textContent?.trim() === "1"
    );
  };
  const watch = () => {
    const now = performance.timeOrigin + performance.now();
    if (shown()) marks.answeredAt = now;
    else if (now - marks.pressedAt > lostAfterMs) marks.lost = true;
    else requestAnimationFrame(watch);
  };

  scope.__slowButton = () =>
    new Promise((resolve) => {
      const look = () => {
        const found = document.querySelector<HTMLButtonElement>(
          "main form[data-add-to-cart] button",
        );
        if (!found?.checkVisibility()) {
          requestAnimationFrame(look);
          return;
        }
        button = found;
        // A visitor scrolls to a card drawn below the fold.
        found.scrollIntoView({ block: "nearest" });
        // This frame draws it; the next frame's callback comes once it has been painted, and
        // the press follows at once.
        requestAnimationFrame(() => {
          marks.paintedMs = performance.now();
          const box = found.getBoundingClientRect();
          resolve({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
        });
      };
      requestAnimationFrame(look);
    });

  addEventListener(
    "pointerdown",
    (event) => {
      if (marks.pressedAt >= 0) return;
      marks.pressedAt = performance.timeOrigin + event.timeStamp;
      marks.takenAt = performance.timeOrigin + performance.now();
      const pressed = event.target instanceof Element ? event.target : null;
      marks.hit = button && pressed ? button.contains(pressed) : null;
      productId =
        pressed?.closest<HTMLElement>("form[data-add-to-cart]")?.dataset.productId ?? null;
      const { pressedAt, paintedMs, hit } = marks;
      sessionStorage.setItem(
        "bench-slow-press",
        JSON.stringify({ pressedAt, paintedMs, hit, productId } satisfies Kept),
      );
      requestAnimationFrame(watch);
    },
    { capture: true },
  );
  // After the page's own listeners (on the document): the press has been handled.
  addEventListener("submit", () => {
    if (marks.handledAt < 0) marks.handledAt = performance.timeOrigin + performance.now();
  });
  if (marks.pressedAt >= 0) requestAnimationFrame(watch);
}

interface Press {
  /** From the press to the first frame with both answers; undefined when lost. */
  ms?: number;
  paintedMs: number;
  /** From the press to its first handler (waiting for the main thread), and to the handled submit. */
  waitedMs: number;
  handledMs: number;
  posts: number;
  missed: boolean;
  newDocument: boolean;
}

async function pressAtPaint(browser: Browser, origin: string, pagePath: string): Promise<Press> {
  const { context, page, cdp } = await slowPage(
    browser,
    inPage(pressProbe, { added: ADDED, lostAfterMs: LOST_AFTER_MS }),
  );
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posts += 1;
  });
  try {
    await page.goto(`${origin}${pagePath}`, { waitUntil: "commit", timeout: PAGE_TIMEOUT_MS });
    // Plain CDP from here on: Playwright's locators would first load their engine into the
    // page, on its (slowed) main thread, just when the press is due.
    const deadline = Date.now() + PAGE_TIMEOUT_MS;
    let at: { x: number; y: number } | undefined;
    while (!(at = await evaluate(cdp, "window.__slowButton?.()"))) {
      if (Date.now() > deadline) throw new Error(`${pagePath}: no Add to Cart was drawn`);
      await sleep(10);
    }
    await tap(cdp, at);
    const marks = await readPressMarks(
      () => evaluate<PressMarks>(cdp, "window.__slow"),
      LOST_AFTER_MS * 3,
    );
    const missed = marks?.hit === false;
    const result = {
      paintedMs: marks?.paintedMs ?? Number.NaN,
      waitedMs: marks && marks.takenAt >= 0 ? marks.takenAt - marks.pressedAt : Number.NaN,
      handledMs: marks && marks.handledAt >= 0 ? marks.handledAt - marks.pressedAt : Number.NaN,
      posts,
      missed,
      newDocument: marks?.newDocument ?? false,
    };
    if (!marks || marks.pressedAt < 0 || marks.answeredAt < 0 || missed) return result;
    return { ...result, ms: marks.answeredAt - marks.pressedAt };
  } finally {
    await context.close();
  }
}

/** The page's largest contentful paint so far, and what it was. */
interface Lcp {
  ms: number;
  element: string;
}

/** One load: its LCP, the script requests it made, and what was asked for before the LCP. */
interface LcpLoad extends Lcp {
  scripts: number;
  /** Requests started before the LCP, the document included. */
  requestsBefore: number;
  /** Stylesheets that held back the first paint. */
  blockingCss: number;
}

function lcpProbe() {
  const scope = window as unknown as { __lcp?: Lcp };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LargestContentfulPaint[]) {
      const element = entry.element;
      const name = element
        ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${(element.textContent ?? "").trim().slice(0, 30)}"`
        : "(removed)";
      scope.__lcp = { ms: entry.startTime, element: name };
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
}

async function measureLcp(
  browser: Browser,
  origin: string,
  pagePath: string,
  refuseScripts: boolean,
): Promise<LcpLoad | undefined> {
  let context: BrowserContext | undefined;
  try {
    const slow = await slowPage(browser, inPage(lcpProbe, undefined));
    context = slow.context;
    const { page } = slow;
    let scripts = 0;
    // Both loads go through the same interception, so its cost is the same in both.
    await page.route("**/*", (route) => {
      if (route.request().resourceType() !== "script") return route.continue();
      scripts += 1;
      return refuseScripts ? route.abort() : route.continue();
    });
    await page.goto(`${origin}${pagePath}`, { waitUntil: "load", timeout: PAGE_TIMEOUT_MS });
    await sleep(LCP_SETTLE_MS);
    const found = await page.evaluate(() => {
      const lcp = (window as unknown as { __lcp?: Lcp }).__lcp;
      if (!lcp) return undefined;
      // renderBlockingStatus (Chromium 107+) is not in TypeScript's DOM types yet.
      const resources = performance.getEntriesByType("resource") as (PerformanceResourceTiming & {
        renderBlockingStatus?: string;
      })[];
      return {
        ...lcp,
        requestsBefore: 1 + resources.filter((entry) => entry.startTime < lcp.ms).length,
        blockingCss: resources.filter((entry) => entry.renderBlockingStatus === "blocking").length,
      };
    });
    return found && { ...found, scripts };
  } finally {
    await context?.close();
  }
}

const round = (ms: number) => (Number.isFinite(ms) ? Math.round(ms) : Number.NaN);
/** The median of the values measured (a lost run has none). */
function medianOf(values: number[]): number {
  const measured = values.filter((value) => Number.isFinite(value));
  return measured.length > 0 ? median(measured) : Number.NaN;
}
const list = (values: number[]) => values.map((value) => round(value)).join(", ");

export async function benchSlowPhone(options: { origin: string; runs?: number }): Promise<Check[]> {
  const asked = Math.max(1, Math.floor(options.runs ?? 3));
  const runs = asked % 2 === 1 ? asked : asked + 1;
  const executablePath = findChromium();
  if (!executablePath) throw new Error("No Chromium found (set CHROME_PATH)");
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  const checks: Check[] = [];
  const pressRows: Record<string, string | number>[] = [];
  const lcpRows: Record<string, string | number>[] = [];
  const notes: string[] = [];
  if (runs !== asked) notes.push(`${asked} runs asked; ${runs} run so the median is one of them`);
  try {
    for (const pagePath of PRESS_PAGES) {
      const presses: Press[] = [];
      for (let run = 0; run < runs; run++) {
        presses.push(await pressAtPaint(browser, options.origin, pagePath));
      }
      const times = presses.flatMap((press) => (press.ms === undefined ? [] : [press.ms]));
      const lost = runs - times.length;
      const posts = presses.reduce((sum, press) => sum + press.posts, 0);
      const newDocuments = presses.filter((press) => press.newDocument).length;
      const missed = presses.filter((press) => press.missed).length;
      // A lost press counts as the slowest of all.
      const middle = median([...times, ...Array<number>(lost).fill(Number.POSITIVE_INFINITY)]);
      if (missed > 0) {
        notes.push(`${pagePath}: ${missed} of ${runs} presses landed beside the button (lost)`);
      }
      pressRows.push({
        page: pagePath,
        "median ms": round(middle),
        "runs ms": list(times),
        "main thread free after ms": round(medianOf(presses.map((press) => press.waitedMs))),
        "handled after ms": round(medianOf(presses.map((press) => press.handledMs))),
        "painted at ms": round(medianOf(presses.map((press) => press.paintedMs))),
        lost: `${lost}/${runs}`,
        POSTs: posts,
        "new documents": newDocuments,
      });
      checks.push(
        {
          label: `slow phone: Add to Cart pressed at paint on ${pagePath}: median ${round(middle)} ms ≤ ${SLOW_PHONE_BUDGETS.pressMedianMs}`,
          ok: middle <= SLOW_PHONE_BUDGETS.pressMedianMs,
        },
        {
          label: `slow phone: Add to Cart pressed at paint on ${pagePath}: ${posts} POSTs sent (${SLOW_PHONE_BUDGETS.posts} allowed)`,
          ok: posts <= SLOW_PHONE_BUDGETS.posts,
        },
      );
    }

    const lcp = new Map<
      string,
      { with: number[]; without: number[]; element: string[]; loads: LcpLoad[] }
    >();
    for (const pagePath of LCP_PAGES) {
      lcp.set(pagePath, { with: [], without: [], element: [], loads: [] });
    }
    for (let run = 0; run < runs; run++) {
      for (const pagePath of LCP_PAGES) {
        const entry = lcp.get(pagePath);
        if (!entry) continue;
        // Alternated, so a slow moment of the machine falls on both kinds alike.
        for (const refuse of run % 2 === 0 ? [false, true] : [true, false]) {
          const found = await measureLcp(browser, options.origin, pagePath, refuse);
          if (found) (refuse ? entry.without : entry.with).push(found.ms);
          else
            notes.push(
              `${pagePath}: no LCP entry in run ${run + 1}${refuse ? " (scripts refused)" : ""}`,
            );
          if (!refuse && found) {
            entry.element.push(found.element);
            entry.loads.push(found);
          }
        }
      }
    }
    const homeLcp = medianOf(lcp.get("/")?.with ?? []);
    for (const [pagePath, entry] of lcp) {
      const withScripts = medianOf(entry.with);
      const without = medianOf(entry.without);
      const ratio = withScripts / without;
      const elements = [...new Set(entry.element)];
      // A page that asks for no script loads the very same bytes both ways (the inline page
      // script runs in both): its ratio is the machine's noise, and refusing scripts cannot
      // change its paint.
      const scripts = Math.max(0, ...entry.loads.map((load) => load.scripts));
      lcpRows.push({
        page: pagePath,
        "LCP ms": round(withScripts),
        "scripts refused ms": round(without),
        ratio: ratio.toFixed(2),
        "× / LCP": (withScripts / homeLcp).toFixed(2),
        "LCP runs ms": list(entry.with),
        "refused runs ms": list(entry.without),
        "script requests": scripts,
        "requests before LCP": round(medianOf(entry.loads.map((load) => load.requestsBefore))),
        "blocking CSS": round(medianOf(entry.loads.map((load) => load.blockingCss))),
        "LCP element": elements.join(" | "),
      });
      checks.push(
        scripts === 0
          ? {
              label: `slow phone: LCP of ${pagePath} ${round(withScripts)} ms: no script requested, so refusing scripts loads the same bytes (measured ${ratio.toFixed(2)}×, noise)`,
              ok: Number.isFinite(ratio),
            }
          : {
              label: `slow phone: LCP of ${pagePath} ${round(withScripts)} ms, ${ratio.toFixed(2)}× with scripts refused (≤ ${SLOW_PHONE_BUDGETS.lcpRatio})`,
              ok: ratio <= SLOW_PHONE_BUDGETS.lcpRatio,
            },
      );
      if (pagePath === "/books") {
        const toHome = withScripts / homeLcp;
        checks.push({
          label: `slow phone: LCP of /books ${toHome.toFixed(2)}× that of / (≤ ${SLOW_PHONE_BUDGETS.booksToHome})`,
          ok: toHome <= SLOW_PHONE_BUDGETS.booksToHome,
        });
      }
    }
  } finally {
    await browser.close();
  }
  const link = `${SLOW_4G.latency} ms latency, 1.47 Mbit/s down, 675 kbit/s up, CPU ${CPU_RATE}×, ${VIEWPORT.width}×${VIEWPORT.height}, fresh context, median of ${runs}`;
  printTable(
    `Slow phone: Add to Cart pressed as soon as it is painted (${link}; from the press to the frame showing 'Added to Cart!' and the header's count at 1; lost after ${LOST_AFTER_MS} ms)`,
    pressRows,
  );
  printTable(
    `Slow phone: LCP (${link}; read ${LCP_SETTLE_MS} ms after load). "Scripts refused" aborts every script request; the inline page script is not a request and still runs`,
    lcpRows,
  );
  for (const note of notes) console.log(`  ${note}`);
  return checks;
}
