import {
  expect,
  expectNoAxeViolationsInBothThemes,
  test,
  waitForHydration,
} from "../browser/fixtures.ts";

test("the header search shows shop and page results for the default scope", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const search = page.getByRole("search");
  await search.getByLabel("Search the site").fill("magnet");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL("/search?scope=all&q=magnet");

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results for magnet");
  const shop = page.getByRole("region", { name: "Shop" });
  await expect(shop.getByRole("article").first()).toBeVisible();
  await expect(
    shop.getByRole("heading", { level: 3, name: "Magnetic Field Viewer Card" }),
  ).toBeVisible();
  // A name that holds the query comes first, with the query marked.
  const first = shop.getByRole("article").first();
  await expect(first.getByRole("heading", { level: 3 })).toHaveText(/magnet/i);

  const pages = page.getByRole("region", { name: "Pages" });
  const glossary = page.getByRole("region", { name: "Glossary" });
  await expect(glossary.getByRole("link").first()).toHaveText(/magnet/i);
  await expect(glossary.locator("mark").first()).toHaveText(/magnet/i);
  const events = pages.getByRole("link", { name: "Events", exact: true });
  await expect(events).toHaveAttribute("href", "/events");
  await expect(
    pages
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: "Events", exact: true }) }),
  ).toContainText("/events");
});

test("shop results can be added to the cart", async ({ page }) => {
  await page.goto("/search?q=indicator&scope=shop");
  await waitForHydration(page);
  const card = page.getByRole("article").filter({ hasText: "Class 5 Integrating Indicator" });
  await card.getByRole("button", { name: /^Add to Cart/ }).click();
  await expect(card.getByRole("status")).toHaveText("Added to Cart!");
  await expect(page.getByRole("link", { name: /^Cart, / })).toHaveAccessibleName("Cart, 1 item");
});

test("scope shop shows only products; scope page only pages", async ({ page }) => {
  await page.goto("/search?q=cyborg&scope=shop");
  await waitForHydration(page);
  await expect(
    page.getByRole("region", { name: "Shop" }).getByRole("article").first(),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Pages" })).toHaveCount(0);
  const scopes = page.getByRole("navigation", { name: "Search in" });
  await expect(scopes.getByRole("link", { name: "Shop" })).toHaveAttribute("aria-current", "page");

  await scopes.getByRole("link", { name: "Pages" }).click();
  await expect(page).toHaveURL("/search?scope=page&q=cyborg");
  await expect(page.getByRole("region", { name: "Pages" }).getByRole("link").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Shop" })).toHaveCount(0);
  // Page text is searched too: the museum page mentions cyborgs in its title.
  await expect(
    page.getByRole("region", { name: "Pages" }).getByRole("link", { name: "Cyborg Museum" }),
  ).toBeVisible();
});

test("glossary terms are found and link to the term", async ({ page }) => {
  await page.goto("/search?q=accelerometer&scope=page");
  await waitForHydration(page);
  const glossary = page.getByRole("region", { name: "Glossary" });
  const term = glossary.getByRole("link", { name: "Accelerometer" });
  await expect(term).toHaveAttribute("href", "/terminologies?letter=A#term-accelerometer");
  await expect(glossary).toContainText("A sensor that measures acceleration");
  await term.click();
  await expect(page).toHaveURL("/terminologies?letter=A#term-accelerometer");
  await expect(page.locator("#term-accelerometer")).toHaveText("Accelerometer");
  await expect(page.locator("#term-accelerometer")).toBeInViewport();
});

test("a typo still finds the product, says it was a close match, and marks the word", async ({
  page,
}) => {
  await page.goto("/search?q=stersman");
  await waitForHydration(page);
  const first = page.getByRole("region", { name: "Shop" }).getByRole("article").first();
  await expect(first.getByRole("heading", { level: 3 })).toHaveText("Steersman Canvas Tote Bag");
  await expect(first.getByText(/^Close match in name/)).toBeVisible();
  await expect(first.locator("mark")).toHaveText("Steersman");
});

test("an ISBN finds its book with or without hyphens", async ({ page, request }) => {
  await page.goto("/search?q=978-0-6489217-0-7&scope=shop");
  const cards = page.getByRole("region", { name: "Shop" }).getByRole("article");
  await expect(cards).toHaveCount(1);
  await expect(cards.getByText(/^Matched in isbn/i)).toBeVisible();
  const compact = await (await request.get("/api/search?q=9780648921707&scope=shop")).json();
  expect(compact.products.map((product: { isbn: string }) => product.isbn)).toEqual([
    "978-0-6489217-0-7",
  ]);
});

test("a word mistyped offers the close spelling that finds every word", async ({ page }) => {
  await page.goto("/search?q=implant%20kti");
  await waitForHydration(page);
  // Above the products that hold "implant", which are shown meanwhile.
  await expect(page.getByRole("region", { name: "Shop" })).toContainText(
    "NTAG216 Glass Implant Kit",
  );
  await page.getByText("Did you mean").getByRole("link", { name: "implant kit" }).click();
  await expect(page).toHaveURL("/search?q=implant+kit");
  await expect(
    page.getByRole("region", { name: "Shop" }).getByRole("article").first().getByRole("heading"),
  ).toHaveText("NTAG216 Glass Implant Kit");
});

test("the shop results filter by category and price, with counts, in the address", async ({
  page,
}) => {
  // Six axe passes (results and suggestions, both themes): more than one test's usual time.
  test.slow();
  await page.goto("/search?q=magnet");
  await waitForHydration(page);
  const categories = page.getByRole("navigation", { name: "Filter by category" });
  const books = categories.getByRole("link", { name: /^Books \(\d+\)$/ });
  const count = Number((await books.textContent())?.match(/\((\d+)\)/)?.[1]);
  await books.click();
  await expect(page).toHaveURL("/search?q=magnet&category=book");
  const cards = page.getByRole("region", { name: "Shop" }).getByRole("article");
  await expect(cards).toHaveCount(count);
  // Every card is a book: its ISBN is in the card (under Details).
  for (const text of await cards.allTextContents()) expect(text).toContain("ISBN");
  await page
    .getByRole("navigation", { name: "Filter by price" })
    .getByRole("link", { name: /^Up to \$25/ })
    .click();
  await expect(page).toHaveURL("/search?q=magnet&category=book&max=25");
  // The new page's choice, so the cards read are its own.
  await expect(
    page.getByRole("navigation", { name: "Filter by price" }).locator('[aria-current="page"]'),
  ).toHaveText(/^Up to \$25/);
  for (const text of await cards.allInnerTexts()) {
    const price = Number(text.match(/\$(\d+\.\d{2})/)?.[1]);
    expect(price).toBeLessThanOrEqual(25);
  }
});

test("each scope says when it found nothing", async ({ page }) => {
  await page.goto("/search?q=zzqxv");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results for zzqxv");
  await expect(page.getByText("No shop results found.")).toBeVisible();
  await expect(page.getByText("No page results found.")).toBeVisible();
  await expect(page.getByText("No glossary terms found.")).toBeVisible();

  await page.goto("/search?q=zzqxv&scope=shop");
  await expect(page.getByText("No shop results found.")).toBeVisible();
  await expect(page.getByText("No page results found.")).toHaveCount(0);

  await page.goto("/search?q=zzqxv&scope=page");
  await expect(page.getByText("No page results found.")).toBeVisible();
  await expect(page.getByText("No shop results found.")).toHaveCount(0);
});

test("the query is shown as text, never as HTML", async ({ page }) => {
  const query = '<img src=x onerror="document.title=1">';
  await page.goto(`/search?q=${encodeURIComponent(query)}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Search results for ${query}`);
  await expect(page.getByRole("main").locator("img[src=x]")).toHaveCount(0);
  await expect(page.getByText("No shop results found.")).toBeVisible();
});

test("without a query the page asks for one", async ({ page }) => {
  await page.goto("/search");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
  await expect(page.getByText(/Type what you are looking for/)).toBeVisible();
});

test("a query over 200 characters is refused with the validation message", async ({ page }) => {
  await page.goto(`/search?q=${"a".repeat(201)}`);
  await waitForHydration(page);
  await expect(page.getByRole("alert")).toHaveText("Search text must be at most 200 characters");
  // The text is not repeated in the heading (a screenful of it on a phone).
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
});

test("search results and suggestions have no axe violations in light or dark mode", async ({
  page,
}) => {
  await page.goto("/search?q=magnet");
  await waitForHydration(page);
  await expect(page.getByRole("region", { name: "Pages" }).getByRole("link").first()).toBeVisible();
  await page.getByRole("combobox", { name: "Search the site" }).pressSequentially("magnet");
  await expect(page.getByRole("listbox", { name: "Search suggestions" })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page);
  await page.goto("/search?q=zzqxv");
  await expect(page.getByText("No page results found.")).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page);
});

test.describe("a full page load", () => {
  test.use({
    allowedConsoleErrors: /Failed to load resource|Failed to fetch dynamically imported module/,
  });

  test("shows the results in the HTML, before any script runs", async ({ page }) => {
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/search?q=magnet&scope=shop");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results for magnet");
    await expect(
      page.getByRole("region", { name: "Shop" }).getByRole("heading", {
        level: 3,
        name: "Magnetic Field Viewer Card",
      }),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Pages" })).toHaveCount(0);
  });

  test("hydrates with the results it was sent, without asking again or moving", async ({
    page,
  }) => {
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      if (/\.data|\/api\//.test(request.url())) dataRequests.push(request.url());
    });
    await page.goto("/search?q=cyborg");
    const heading = page.getByRole("heading", { level: 1 });
    const before = await heading.boundingBox();
    await waitForHydration(page);
    await expect(page.getByRole("link", { name: "Pages", exact: true })).toBeVisible();
    expect(await heading.boundingBox()).toEqual(before);
    expect(dataRequests).toEqual([]);
  });
});

test("a query is escaped, never run, when the server renders it", async ({ page }) => {
  const query = '<img src=x onerror="window.injected=1">';
  await page.goto(`/search?q=${encodeURIComponent(query)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Search results for ${query}`);
  expect(await page.evaluate(() => "injected" in window)).toBe(false);
});

test.describe("suggestions as you type", () => {
  for (const path of ["/", "/books"]) {
    test(`the header box suggests and follows one by keyboard on ${path}`, async ({ page }) => {
      const asked: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/api/search/suggestions")) asked.push(request.url());
      });
      await page.goto(path);
      if (path === "/books") await waitForHydration(page);
      const box = page.getByRole("combobox", { name: "Search the site" });
      await box.pressSequentially("cybo");
      const listbox = page.getByRole("listbox", { name: "Search suggestions" });
      await expect(listbox).toBeVisible();
      await expect(box).toHaveAttribute("aria-expanded", "true");
      const options = listbox.getByRole("option");
      expect(await options.count()).toBeLessThanOrEqual(8);
      await expect(options.first()).toContainText("Product, $");
      await expect(page.getByRole("status").filter({ hasText: /suggestions?\./ })).toHaveText(
        /^\d suggestions?\. Use the up and down arrow keys/,
      );
      // Typed quickly: asked once (or twice, if a key came late), for the last text.
      expect(asked.length).toBeLessThanOrEqual(2);
      expect(asked.at(-1)).toContain("q=cybo");
      await box.press("ArrowDown");
      await expect(options.first()).toHaveAttribute("aria-selected", "true");
      const firstId = await options.first().getAttribute("id");
      await expect(box).toHaveAttribute("aria-activedescendant", firstId ?? "none");
      await box.press("Escape");
      await expect(listbox).toBeHidden();
      await box.press("ArrowDown");
      await box.press("ArrowDown");
      const chosen = (await options.nth(1).locator(".search-suggestion-title").textContent()) ?? "";
      await box.press("Enter");
      await expect(page).not.toHaveURL(path);
      // A product's suggestion names its type after the name the card shows.
      const heading = chosen.replace(/ \([^)]*\)$/, "");
      await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header search form still goes to /search", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("search");
    await search.getByLabel("Search the site").fill("cybrog");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL("/search?scope=all&q=cybrog");
    await expect(page.getByRole("heading", { level: 3, name: /Cyborg/ }).first()).toBeVisible();
  });
});
