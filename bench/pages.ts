/**
 * Page speed and weight: Lighthouse (mobile emulation, median of 3 runs, installed Chromium)
 * per page, LCP against a zero-JavaScript reference page served by the same server in the
 * same run, and JS/CSS weight (gzip) per page. Pages without JavaScript and pages with it
 * have budgets of their own (DESIGN.md); a page's kind is read from the HTML it is served.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../scripts/find-chromium.ts";
import { median, printTable, type Check } from "./lib/table.ts";

export const REFERENCE_PATH = "/__bench-reference";

export const BENCH_PAGES = [
  "/",
  "/books",
  "/cyberware",
  "/merchandise",
  "/products/neural-interfaces-from-electrode-to-algorithm-hardback",
  "/cart",
  "/search?q=cyborg",
  "/contactus",
  "/history",
  "/terminologies",
  "/LearnBookPublishingCourse",
  "/account",
];

/**
 * DESIGN.md "Budgets": HTML-first pages (no framework; their inline page script ≤ 10 KB gzip),
 * hydrated pages, and every page. A hydrated page's simulated LCP is reported, not budgeted: its
 * budget is the applied-throttling one (bench/slow-phone.ts), decision 030.
 */
export const PAGE_BUDGETS = {
  withoutJs: { scores: 100, lcpRatio: 1.1, inlineJsKb: 10 },
  withJs: { performance: 95, otherScores: 100, tbtMs: 100 },
  routeJsKb: 130,
  cssKb: 20,
  booksTransferKb: 500,
  cls: 0,
};

/** The reference page: the site's header, a heading and two paragraphs, no JavaScript. */
export function referencePageHtml(homeHtml: string): string {
  const headTags = [...homeHtml.matchAll(/<link rel="stylesheet"[^>]*>|<meta [^>]*>/g)]
    .map((match) => match[0])
    .join("");
  const header = /<header[\s\S]*?<\/header>/.exec(homeHtml)?.[0] ?? "";
  return `<!DOCTYPE html><html lang="en-AU"><head><title>Reference page</title>${headTags}</head><body>${header}<main id="main"><h1>Reference page</h1><p>This page carries the same header and styles as the site, with a heading and two paragraphs of text and no JavaScript at all.</p><p>The benchmark measures its Largest Contentful Paint in the same run as the real pages, so a slow machine slows both alike.</p></main></body></html>`;
}

interface PageRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  cls: number;
  tbt: number;
  transferKb: number;
  scripts: string[];
  styles: string[];
  /** Audits that cost points, as "category: audit id". */
  failing: string[];
  /** The start of the element Lighthouse took for the Largest Contentful Paint. */
  lcpElement: string;
}

/** The LCP element's markup, cut short. */
function lcpSnippet(details: unknown): string {
  type Table = { items?: { items?: { node?: { snippet?: string } }[] }[] };
  return (
    (details as Table | undefined)?.items?.[0]?.items?.[0]?.node?.snippet?.slice(0, 100) ?? "?"
  );
}

/** What moved, when the page shifted: "shifted: <snippet>" per element. */
function shiftedNodes(details: unknown): string[] {
  const items = (details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items;
  return (items ?? []).map((item) => `shifted: ${item.node?.snippet?.slice(0, 100) ?? "?"}`);
}

/** The weighted audits below full marks in the categories we score. */
function failingAudits(lhr: {
  categories: Record<string, { id: string; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null }>;
}): string[] {
  return Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category.id}: ${ref.id}`),
  );
}

function gzipKb(clientDir: string, urls: string[]): number {
  let bytes = 0;
  for (const url of new Set(urls)) {
    const pathname = new URL(url, "http://x").pathname;
    bytes += gzipSync(readFileSync(path.join(clientDir, pathname)), { level: 9 }).length;
  }
  return Math.round((bytes / 1024) * 10) / 10;
}

/** What the served HTML of a page says about it. */
export interface ServedPage {
  /** React Router's boot script is in the page: it loads and hydrates its JavaScript. */
  loadsJs: boolean;
  /** A deliberate `noindex` (the visitor's own pages): Lighthouse's SEO score drops for it. */
  noIndex: boolean;
  /** Every module the page's scripts load, with their static imports: the route's JavaScript. */
  modules: string[];
  /** The page's inline scripts (not JSON), gzip KB: the page script. */
  inlineJsKb: number;
}

export async function servedPage(
  origin: string,
  clientDir: string,
  pagePath: string,
): Promise<ServedPage> {
  const html = await (await fetch(`${origin}${pagePath}`)).text();
  const boot = /<script[^>]* type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  const pending = [
    ...[...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]),
    ...[...(boot ?? "").matchAll(/(?:from |import\()"(\/assets\/[^"]+\.js)"/g)].map(
      (match) => match[1],
    ),
  ].filter((url): url is string => Boolean(url));
  const seen = new Set<string>();
  while (pending.length > 0) {
    const url = pending.pop() as string;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = readFileSync(path.join(clientDir, url), "utf8");
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
      pending.push(new URL(match[1] as string, `http://x${url}`).pathname);
    }
  }
  const inline = [...html.matchAll(/<script(?: nonce="[^"]*")?>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? "")
    .join("");
  return {
    inlineJsKb: Math.round((gzipSync(inline, { level: 9 }).length / 1024) * 10) / 10,
    loadsJs: boot !== undefined,
    noIndex: /<meta name="robots" content="noindex"/.test(html),
    modules: [...seen],
  };
}

export async function benchPages(options: {
  origin: string;
  clientDir: string;
  authToken?: string;
  runs?: number;
  pages?: string[];
}): Promise<Check[]> {
  const runs = options.runs ?? 3;
  const chromePath = findChromium();
  if (!chromePath) throw new Error("No Chromium found (set CHROME_PATH)");
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  const checks: Check[] = [];
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0];
    const page = context ? await context.newPage() : undefined;
    if (page) {
      // Lighthouse clears caches between runs but keeps localStorage, so this sign-in lasts.
      await page.goto(options.origin);
      await page.evaluate((token) => {
        if (token) localStorage.setItem("authToken", token);
      }, options.authToken ?? "");
      await page.close();
    }

    const audit = async (pagePath: string) => {
      const result = await lighthouse(`${options.origin}${pagePath}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
      return result.lhr;
    };

    const runPage = async (pagePath: string): Promise<PageRun> => {
      let lhr = await audit(pagePath);
      if (lhr.runtimeError) {
        // A run that could not measure at all (a protocol timeout, say) says nothing about
        // the page; it is reported and measured again once.
        console.log(`${pagePath}: Lighthouse failed (${lhr.runtimeError.code}), running again`);
        lhr = await audit(pagePath);
      }
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const items =
        (lhr.audits["network-requests"]?.details as { items?: Record<string, unknown>[] })?.items ??
        [];
      const sameOrigin = items.filter((item) => String(item.url).startsWith(options.origin));
      return {
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
        cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
        tbt: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
        transferKb:
          Math.round(items.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0) / 102.4) /
          10,
        scripts: sameOrigin
          .filter((item) => item.resourceType === "Script")
          .map((item) => String(item.url)),
        styles: sameOrigin
          .filter((item) => item.resourceType === "Stylesheet")
          .map((item) => String(item.url)),
        failing: [...failingAudits(lhr), ...shiftedNodes(lhr.audits["layout-shifts"]?.details)],
        lcpElement: lcpSnippet(lhr.audits["largest-contentful-paint-element"]?.details),
      };
    };

    const referenceLcps: number[] = [];
    const rows: Record<string, string | number>[] = [];
    const results = new Map<string, PageRun[]>();
    const noIndexed: string[] = [];
    // Interleave reference and page runs so machine noise hits both alike.
    for (let run = 0; run < runs; run++) {
      referenceLcps.push((await runPage(REFERENCE_PATH)).lcp);
      for (const pagePath of options.pages ?? BENCH_PAGES) {
        const list = results.get(pagePath) ?? [];
        list.push(await runPage(pagePath));
        results.set(pagePath, list);
      }
    }
    const referenceLcp = median(referenceLcps);

    for (const [pagePath, list] of results) {
      const pick = (key: keyof PageRun) => median(list.map((run) => run[key] as number));
      const last = list[list.length - 1] as PageRun;
      const served = await servedPage(options.origin, options.clientDir, pagePath);
      const jsKb = gzipKb(options.clientDir, last.scripts);
      const routeJsKb = gzipKb(options.clientDir, served.modules);
      const cssKb = gzipKb(options.clientDir, last.styles);
      const lcpRatio = pick("lcp") / referenceLcp;
      const seo = pick("seo");
      const row = {
        page: pagePath,
        JS: served.loadsJs ? "yes" : "none",
        perf: pick("performance"),
        a11y: pick("accessibility"),
        bp: pick("bestPractices"),
        seo: served.noIndex ? `${seo}*` : seo,
        "LCP ms": Math.round(pick("lcp")),
        "LCP/ref": lcpRatio.toFixed(2),
        "TBT ms": Math.round(pick("tbt")),
        CLS: pick("cls").toFixed(3),
        "JS KB gz": jsKb,
        "JS once used KB": routeJsKb,
        "CSS KB gz": cssKb,
        "transfer KB": pick("transferKb"),
      };
      rows.push(row);
      if (served.noIndex) noIndexed.push(pagePath);
      const minPerformance = served.loadsJs
        ? PAGE_BUDGETS.withJs.performance
        : PAGE_BUDGETS.withoutJs.scores;
      const minOthers = served.loadsJs
        ? PAGE_BUDGETS.withJs.otherScores
        : PAGE_BUDGETS.withoutJs.scores;
      const kind = served.loadsJs ? "with JS" : "without JS";
      checks.push(
        {
          label: `${pagePath} performance ${row.perf} ≥ ${minPerformance} (${kind})`,
          ok: row.perf >= minPerformance,
        },
        { label: `${pagePath} accessibility ${row.a11y} = 100`, ok: row.a11y >= minOthers },
        { label: `${pagePath} best practices ${row.bp} = 100`, ok: row.bp >= minOthers },
        served.noIndex
          ? { label: `${pagePath} SEO ${seo} (noindex on purpose, accepted)`, ok: true }
          : { label: `${pagePath} SEO ${seo} = 100`, ok: seo >= minOthers },
        served.loadsJs
          ? {
              label: `${pagePath} LCP ${row["LCP/ref"]}× reference (hydrated: reported; its budget is the slow phone's; ${last.lcpElement})`,
              ok: true,
            }
          : {
              label: `${pagePath} LCP ${row["LCP/ref"]}× reference ≤ ${PAGE_BUDGETS.withoutJs.lcpRatio} (${kind}; ${last.lcpElement})`,
              ok: lcpRatio <= PAGE_BUDGETS.withoutJs.lcpRatio,
            },
        { label: `${pagePath} CLS ${row.CLS} = 0`, ok: pick("cls") <= PAGE_BUDGETS.cls },
        {
          // What the served HTML loads (its module graph), and what Lighthouse saw it load.
          label: `${pagePath} JS once used ${routeJsKb} KB gzip (loaded in Lighthouse ${jsKb}) ≤ ${PAGE_BUDGETS.routeJsKb}`,
          ok: Math.max(routeJsKb, jsKb) <= PAGE_BUDGETS.routeJsKb,
        },
        {
          label: `${pagePath} CSS ${cssKb} KB gzip ≤ ${PAGE_BUDGETS.cssKb}`,
          ok: cssKb <= PAGE_BUDGETS.cssKb,
        },
      );
      if (served.loadsJs) {
        checks.push({
          label: `${pagePath} Total Blocking Time ${row["TBT ms"]} ms ≤ ${PAGE_BUDGETS.withJs.tbtMs}`,
          ok: pick("tbt") <= PAGE_BUDGETS.withJs.tbtMs,
        });
      } else {
        checks.push(
          { label: `${pagePath} loads no JavaScript`, ok: last.scripts.length === 0 },
          {
            label: `${pagePath} inline page script ${served.inlineJsKb} KB gzip ≤ ${PAGE_BUDGETS.withoutJs.inlineJsKb}`,
            ok: served.inlineJsKb <= PAGE_BUDGETS.withoutJs.inlineJsKb,
          },
        );
      }
      if (pagePath === "/books") {
        checks.push({
          label: `/books transfer ${row["transfer KB"]} KB ≤ ${PAGE_BUDGETS.booksTransferKb}`,
          ok: pick("transferKb") <= PAGE_BUDGETS.booksTransferKb,
        });
      }
    }
    for (const [pagePath, list] of results) {
      const failing = [...new Set(list.flatMap((run) => run.failing))];
      if (failing.length > 0) console.log(`${pagePath} loses points on: ${failing.join(", ")}`);
    }
    printTable(
      `Pages (Lighthouse mobile, median of ${runs}; reference LCP ${Math.round(referenceLcp)} ms)`,
      rows,
    );
    if (noIndexed.length > 0) {
      console.log(
        `* SEO below 100 on ${noIndexed.join(", ")}: a deliberate noindex (the visitor's own pages), accepted.`,
      );
    }
    await browser.close().catch(() => {});
  } finally {
    await chrome.kill();
  }
  return checks;
}
