import {
  expect,
  expectNoAxeViolations,
  setTheme,
  test,
  waitForHydration,
  holdScripts,
} from "./fixtures";
import { builtRoutes } from "./site-routes";

const routes = builtRoutes();

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

test.describe("every page", () => {
  for (const route of routes) {
    test(`${route} renders in light and dark mode with no axe violations`, async ({ page }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      for (const theme of ["light", "dark"] as const) {
        if (theme === "dark") {
          await setTheme(page, "dark");
          await page.reload();
        }
        await waitForHydration(page);
        const html = page.locator("html");
        if (theme === "dark") await expect(html).toHaveAttribute("data-theme", "dark");
        else await expect(html).not.toHaveAttribute("data-theme", "dark");
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
        await expect(page.getByRole("contentinfo")).toBeVisible();
        await expectNoAxeViolations(page);
      }
    });
  }
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

test("a token holder sees Account and Logout; Logout clears the token and goes home", async ({
  page,
}) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.setItem("authToken", "a.eyJ1c2VybmFtZSI6ImFkYSJ9.c"));
  await page.reload();
  await waitForHydration(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/account");
  await expect(nav.getByRole("link", { name: "Login" })).toHaveCount(0);
  await nav.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/");
  expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
  await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
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

test.describe("with scripts blocked", () => {
  test.use({
    allowedConsoleErrors: /Failed to load resource|Failed to fetch dynamically imported module/,
  });

  test("dark mode toggles at once, is remembered and does not flash on load", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const html = page.locator("html");
    await expect(html).not.toHaveAttribute("data-theme", "dark");
    await page.getByRole("button", { name: "Switch to dark mode" }).click();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(page.getByRole("button", { name: "Switch to light mode" })).toBeVisible();

    // The theme must be in place before any script of the app runs.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.reload();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await page.unrouteAll();
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Switch to light mode" }).click();
    await expect(html).toHaveAttribute("data-theme", "light");
    await page.reload();
    await expect(html).not.toHaveAttribute("data-theme", "dark");
  });
});

test.describe("before the JavaScript arrives", () => {
  test.use({
    allowedConsoleErrors: /Failed to load resource|Failed to fetch dynamically imported module/,
  });

  test("a content page loads no JavaScript until the visitor first acts", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/", { waitUntil: "networkidle" });
    expect(scripts).toEqual([]);
    await page.mouse.move(20, 20);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(scripts.length).toBeGreaterThan(0);
  });

  test("the header shows the stored cart count and session with scripts blocked", async ({
    page,
  }) => {
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
    await expect(nav.getByRole("link", { name: "Login" })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  });

  test("a button clicked before hydration takes effect once it has hydrated", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/");
    const html = page.locator("html");
    await page.getByRole("button", { name: "Switch to dark mode" }).click();
    await expect(html).not.toHaveAttribute("data-theme", "dark");
    release();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(page.getByRole("button", { name: "Switch to light mode" })).toBeVisible();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the hamburger opens and closes the navigation", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const menu = page.getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(nav).toBeVisible();
    await nav.getByRole("link", { name: "History" }).click();
    await expect(page).toHaveURL("/history");
    await expect(nav).toBeHidden();
    await expectNoAxeViolations(page);
  });
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

test("client-side navigation to an unknown path shows the 404 screen", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.evaluate(() => {
    window.history.pushState({}, "", "/nowhere");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});
