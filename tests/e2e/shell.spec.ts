import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  loadsScripts,
  menuButton,
  waitForHydration,
} from "../browser/fixtures.ts";
import { setStockAsStaff, test } from "../browser/staff.ts";
import { medicalPages, pageFacts } from "../browser/page-facts.ts";
import { distinctSiteRoutes } from "../browser/site-routes.ts";

const routes = distinctSiteRoutes();

/** HTML first: no framework JavaScript at all, read-only pages and the shops (decisions 012, 030). */
const readOnlyPages = [
  "/",
  "/history",
  "/LearnRFIDForBeginners",
  "/privacypolicy",
  "/cytheseus",
  "/books",
  "/cyberware",
  "/merchandise",
  "/search",
];
/** Pages with controls: React Router's own scripts, hydrated at load. */
const interactivePages = [
  "/cart",
  "/checkout",
  "/terminologies",
  "/contactus",
  "/login",
  "/signup",
  "/account",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/confirm-subscription",
  "/unsubscribe",
];

const headerLinks = [
  ["Home", "/"],
  ["Books", "/books"],
  ["Cyberware Catalogue", "/cyberwareCatalogue"],
  ["Cyborg Museum", "/cyborgmuseum"],
  ["Cytheseus", "/cytheseus"],
  ["Donate", "/donate"],
  ["Events", "/events"],
  ["History", "/history"],
  ["Library", "/library"],
  ["Merchandise", "/merchandise"],
  ["Transhuman Rights", "/transhumanrights"],
  ["Volunteer", "/volunteer"],
  ["Contact Us", "/contactus"],
] as const;

const footerLinks = [
  ["Home", "/"],
  ["ISO 27001 Policy", "/cybersecurity"],
  ["Privacy Policy", "/privacypolicy"],
  ["Purchase and Refund Policy", "/PurchaseAndRefundPolicy"],
  ["Terms and Conditions", "/termsandconditions"],
  ["Contact Us", "/contactus"],
] as const;

/** Presses the first Add to Cart that can be pressed, and waits for its "Added to Cart!". */
async function addFirstToCart(page: Page) {
  const card = page
    .getByRole("main")
    .getByRole("article")
    .filter({ has: page.getByRole("button", { name: /^Add to Cart/, disabled: false }) })
    .first();
  await card.getByRole("button", { name: /^Add to Cart/ }).click();
  await expect(card.getByRole("status")).toHaveText("Added to Cart!");
}

/**
 * A shop is checked in its fullest state, so axe passes each route once per theme (decision
 * 027): a card saying "Added to Cart!", and on /cyberware a stock label of every kind and a
 * disabled Add to Cart (counts staff set, which no other test orders: stock.spec.ts).
 */
const fullState: Record<string, (page: Page) => Promise<void>> = {
  "/books": addFirstToCart,
  "/merchandise": addFirstToCart,
  "/cyberware": async (page) => {
    const card = (name: string) => page.getByRole("article").filter({ hasText: name });
    await expect(card("Ultrasonic Instrument Cleaner 2 L").getByText("Out of stock")).toBeVisible();
    await expect(
      card("Dual-Frequency RFID/NFC Reader-Writer").getByText("Only 2 left"),
    ).toBeVisible();
    await expect(card("Magnetic Field Viewer Card").getByText("In stock")).toBeVisible();
    await addFirstToCart(page);
  },
};

/** The shop whose full state needs counts set by staff, and the counts. */
const STOCK_ROUTE = "/cyberware";
const SHORT_STOCK = { 25: 0, 14: 2 };

test.describe("every page", () => {
  // Still pictures: a spinning emblem would be measured mid-turn and keep the machine busy
  // (its motion has a test of its own, content-pages.spec.ts).
  test.use({ reducedMotion: "reduce" });

  async function walk(page: Page, route: string) {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    const html = (await response?.text()) ?? "";
    if (interactivePages.includes(route)) {
      // React Router's own scripts, loaded at once and hydrated (decision 012).
      expect(html).toMatch(/<script[^>]* type="module"/);
      expect(html).toMatch(/<link rel="modulepreload"/);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    }
    await waitForHydration(page);
    const root = page.locator("html");
    await expect(root).not.toHaveAttribute("data-theme", "dark");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expectPageFacts(page, route);
    await fullState[route]?.(page);
    await expectNoAxeViolations(page);
    // The same page in dark colours, as the toggle sets them (the toggle and the theme
    // kept across loads have tests of their own below). Only colours changed, so only the
    // rule about colours can find anything new.
    await root.evaluate((element) => (element.dataset.theme = "dark"));
    await expectNoAxeViolations(page, { coloursOnly: true });
    if (readOnlyPages.includes(route)) {
      // HTML first: no framework JavaScript, even once the visitor moves; one inline script
      // (the page script), beside the structured data and cart lines, which are not code.
      await page.mouse.move(20, 20);
      await page.keyboard.press("Tab");
      expect(scripts).toEqual([]);
      expect(await loadsScripts(page)).toBe(false);
      expect(await page.locator("script:not([type])").count()).toBe(1);
    }
  }

  for (const route of routes) {
    const title = `${route} renders in light and dark mode with no axe violations`;
    if (route === STOCK_ROUTE) {
      test(title, async ({ page, request, staff }) => {
        await setStockAsStaff(request, staff, SHORT_STOCK);
        await walk(page, route);
      });
    } else {
      test(title, ({ page }) => walk(page, route));
    }
  }
});

test("the pages with and without JavaScript are all in the route walk", () => {
  expect(
    [...readOnlyPages, ...interactivePages].filter((route) => !routes.includes(route)),
  ).toEqual([]);
});

/** An information page's heading and the facts SPEC §2 gives it (page-facts.ts). */
async function expectPageFacts(page: Page, route: string) {
  const facts = pageFacts.find((entry) => entry.path === route);
  if (!facts) return;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(facts.h1);
  const main = page.getByRole("main");
  for (const fact of facts.facts) await expect(main).toContainText(fact);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`${route === "/" ? "" : route}$`),
  );
  if (medicalPages.includes(route)) {
    await expect(page.getByRole("complementary", { name: "Medical disclaimer" })).toContainText(
      "not medical advice",
    );
  }
}

test("every information page of SPEC §2 is in the route walk", () => {
  expect(pageFacts.filter((entry) => !routes.includes(entry.path))).toEqual([]);
});

test("the header links every always-visible page and the visitor's account links", async ({
  page,
}) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [name, href] of headerLinks) {
    await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(nav.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  await expect(nav.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/signup");
  await expect(nav.getByRole("link", { name: "Account" })).toHaveCount(0);
});

test.describe("logging out", () => {
  // The made-up token is refused when /logout ends its session on the server.
  test.use({ allowedConsoleErrors: /status of 401/ });

  for (const start of ["/history", "/books"]) {
    test(`a token holder sees Account and Logout; Logout on ${start} clears the token and goes home`, async ({
      page,
    }) => {
      await page.goto(start);
      await page.evaluate(() => localStorage.setItem("authToken", "a.eyJ1c2VybmFtZSI6ImFkYSJ9.c"));
      await page.reload();
      await waitForHydration(page);
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/account");
      await expect(nav.getByRole("link", { name: "Login" })).toBeHidden();
      await nav.getByRole("link", { name: "Logout" }).click();
      await expect(page).toHaveURL("/?notice=logged-out");
      await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Account" })).toBeHidden();
      expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
    });
  }
});

test("the footer has its links, the mission, company numbers and the copyright years", async ({
  page,
}) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  for (const [name, href] of footerLinks) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(footer).toContainText(
    "Join the next stage of human evolution and become more than human.",
  );
  await expect(footer).toContainText(/ABN \d{2} \d{3} \d{3} \d{3}/);
  await expect(footer).toContainText(/ACN \d{3} \d{3} \d{3}/);
  await expect(footer).toContainText(`2021–${new Date().getFullYear()}`);
});

test("the cart link shows the number of items in localStorage.cart", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const cartLink = page.getByRole("link", { name: /^Cart, / });
  await expect(cartLink).toHaveAccessibleName("Cart, 0 items");
  await expect(cartLink).toHaveAttribute("href", "/cart");
  await page.evaluate(() =>
    localStorage.setItem("cart", JSON.stringify([{ id: 1, type: "Paperback", quantity: 2 }])),
  );
  await page.reload();
  await expect(cartLink).toHaveAccessibleName("Cart, 2 items");
  await page.evaluate(() => localStorage.setItem("cart", "{corrupt"));
  await page.reload();
  await expect(cartLink).toHaveAccessibleName("Cart, 0 items");
});

test("the search form goes to /search with scope and q", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const search = page.getByRole("search");
  await search.getByLabel("Search in").selectOption("shop");
  await search.getByLabel("Search the site").fill("magnet kit");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL("/search?scope=shop&q=magnet+kit");
});

test("dark mode toggles at once, is remembered and does not flash on load", async ({ page }) => {
  // Records the theme at the moment <body> appears, before anything of it can be painted.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      document.documentElement.dataset.themeAtBody = document.documentElement.dataset.theme;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  for (const route of ["/", "/books"]) {
    await page.goto(route);
    await waitForHydration(page);
    const html = page.locator("html");
    await expect(html).not.toHaveAttribute("data-theme", "dark");
    await page.getByRole("button", { name: "Switch to dark mode" }).click();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(page.getByRole("button", { name: "Switch to light mode" })).toBeVisible();
    await page.reload();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(html).toHaveAttribute("data-theme-at-body", "dark");
    await page.getByRole("button", { name: "Switch to light mode" }).click();
    await expect(html).toHaveAttribute("data-theme", "light");
    await page.reload();
    await expect(html).not.toHaveAttribute("data-theme", "dark");
  }
});

test.describe("the header of a page without JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("toggles the theme, opens the menu and shows the stored cart and session", async ({
    page,
  }) => {
    await page.goto("/history");
    await page.evaluate(() => {
      localStorage.setItem("cart", JSON.stringify([{ id: 1, type: "Paperback", quantity: 3 }]));
      localStorage.setItem("authToken", "a.eyJ1c2VybmFtZSI6ImFkYSJ9.c");
    });
    await page.reload();
    const html = page.locator("html");
    await page.getByRole("button", { name: "Switch to dark mode" }).click();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(page.getByRole("button", { name: "Switch to light mode" })).toBeVisible();

    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeHidden();
    await menuButton(page).click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Account" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Login" })).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await expect(page.getByRole("link", { name: /^Cart, / })).toHaveAccessibleName("Cart, 3 items");
    await expectNoAxeViolations(page);
    expect(await loadsScripts(page)).toBe(false);
  });

  test("follows what another tab changes", async ({ page, context }) => {
    await page.goto("/history");
    const other = await context.newPage();
    await other.goto("/books");
    await other.evaluate(() => {
      localStorage.setItem("cart", JSON.stringify([{ id: 2, type: "Hardback", quantity: 2 }]));
      localStorage.setItem("theme", "dark");
    });
    await expect(page.getByRole("link", { name: /^Cart, / })).toHaveAccessibleName("Cart, 2 items");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  });
});

test.describe("with the scripts of an interactive page blocked", () => {
  test.use({
    allowedConsoleErrors: /Failed to load resource|Failed to fetch dynamically imported module/,
  });

  test("the header still shows the stored cart count and session", async ({ page }) => {
    await page.goto("/books");
    await page.evaluate(() => {
      localStorage.setItem("cart", JSON.stringify([{ id: 1, type: "Paperback", quantity: 3 }]));
      localStorage.setItem("authToken", "a.eyJ1c2VybmFtZSI6ImFkYSJ9.c");
    });
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.reload();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(page.getByRole("link", { name: /^Cart, / })).toHaveAccessibleName("Cart, 3 items");
    await expect(nav.getByRole("link", { name: "Account" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Login" })).toBeHidden();
    await page.getByRole("button", { name: "Switch to dark mode" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // A page with no framework, and a hydrated one (its menu link is a client-side navigation).
  for (const start of ["/", "/cart"]) {
    test(`the hamburger opens and closes the navigation on ${start}`, async ({ page }) => {
      await page.goto(start);
      await waitForHydration(page);
      const menu = menuButton(page);
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav).toBeHidden();
      await menu.click();
      await expect(nav).toBeVisible();
      await menu.click();
      await expect(nav).toBeHidden();
      await menu.click();
      await nav.getByRole("link", { name: "History" }).click();
      await expect(page).toHaveURL("/history");
      await expect(nav).toBeHidden();
      if (start === "/cart") {
        // As after a full page load, the visitor is at the new page's start: its heading.
        await expect(page.getByRole("heading", { level: 1, name: "History" })).toBeFocused();
      }
      // Both starts end on the same page in the same state: one axe pass for the two.
      if (start === "/") await expectNoAxeViolations(page);
    });
  }
});

test.describe("unknown paths", () => {
  // The browser logs the 404 of the document itself.
  test.use({ allowedConsoleErrors: /status of 404/ });

  test("an unknown path shows the 404 screen with HTTP status 404", async ({ page }) => {
    const response = await page.goto("/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByText("Error 404")).toBeVisible();
    await expect(page.getByText(/The page you are looking for doesn't exist/)).toBeVisible();
    await expect(page.getByText(/search bar/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("client-side navigation", () => {
  // The browser logs the 404 of the page's data.
  test.use({ allowedConsoleErrors: /status of 404/ });

  test("to an unknown path shows the 404 screen", async ({ page }) => {
    await page.goto("/cart");
    await waitForHydration(page);
    await page.evaluate(() => {
      window.history.pushState({}, "", "/nowhere");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });

  test("to a shop loads it as a document, as a visitor arriving there gets it", async ({
    page,
  }) => {
    await page.goto("/cart");
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Books" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "All Books" })).toBeVisible();
    expect(await loadsScripts(page)).toBe(false);
    const card = page.getByRole("main").getByRole("article").first();
    await expect(card.getByText(/In stock|left|Out of stock/)).toBeVisible();
    await card.getByRole("button", { name: /^Add to Cart/ }).click();
    await expect(page.getByRole("link", { name: /^Cart, / })).toHaveAccessibleName("Cart, 1 item");
  });
});
