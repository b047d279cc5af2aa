import { expect, loadsScripts, test, waitForHydration } from "../browser/fixtures.ts";

const shopPages = [
  {
    path: "/books",
    nav: "Genres",
    all: "All Books",
    choice: "Science Fiction",
    param: "genre=Science+Fiction",
    total: 12,
    chosen: 3,
  },
  {
    path: "/cyberware",
    nav: "Categories",
    all: "All Cyberware",
    choice: "Sterilization",
    param: "genre=Sterilization",
    total: 13,
    chosen: 7,
  },
  {
    path: "/merchandise",
    nav: "Types",
    all: "All Merchandise",
    choice: "T-Shirt",
    param: "type=T-Shirt",
    total: 8,
    chosen: 2,
  },
] as const;

for (const shop of shopPages) {
  test(`${shop.path} filters by ${shop.choice}; the choice survives reload and back`, async ({
    page,
  }) => {
    await page.goto(shop.path);
    await waitForHydration(page);
    const cards = page.getByRole("main").getByRole("article");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shop.all);
    await expect(cards).toHaveCount(shop.total);
    await expect(page.getByText("Prices are in Australian dollars (AUD)")).toBeVisible();

    const nav = page.getByRole("navigation", { name: shop.nav });
    await nav.getByRole("link", { name: shop.choice, exact: true }).click();
    await expect(page).toHaveURL(`${shop.path}?${shop.param}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shop.choice);
    await expect(cards).toHaveCount(shop.chosen);
    await expect(nav.getByRole("link", { name: shop.choice, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shop.choice);
    await expect(cards).toHaveCount(shop.chosen);

    await page.goBack();
    await expect(page).toHaveURL(shop.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shop.all);
    await expect(cards).toHaveCount(shop.total);
  });
}

for (const shop of shopPages) {
  test(`Add to Cart on ${shop.path}, then the header's Cart link at once: the item is in the cart`, async ({
    page,
  }) => {
    await page.goto(shop.path);
    await waitForHydration(page);
    // The first card one adds straight away: a product of several sizes is chosen on its page.
    const card = page
      .getByRole("main")
      .getByRole("article")
      .filter({ has: page.getByRole("button", { name: /^Add to Cart/ }) })
      .first();
    const name = await card.getByRole("heading").textContent();
    await card.getByRole("button", { name: /^Add to Cart/ }).click();
    await page.getByRole("link", { name: /^Cart, / }).click();
    await expect(page).toHaveURL("/cart");
    await expect(page.getByRole("rowheader", { name: new RegExp(`^${name}`) })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("rowheader", { name: new RegExp(`^${name}`) })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Cart, / })).toHaveAccessibleName("Cart, 1 item");
  });

  test(`a shared ${shop.path}?${shop.param} link is filtered in its first HTML`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.path}?${shop.param}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shop.choice);
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(shop.chosen);
    await context.close();
  });
}

test("a book card shows every field SPEC lists", async ({ page }) => {
  await page.goto("/books");
  const card = page.getByRole("article").filter({ hasText: "Firing Patterns" });
  for (const text of [
    "Firing Patterns: A Beginner's Guide to the Brain",
    "From ion channels to memory",
    "Paperback",
    "$32.99 AUD",
    "978-0-6453308-4-7",
    "Harbour Lights Books",
    "English",
    "140 x 216 mm",
    "288",
    "4 October 2021",
    "General readers",
    "Neuroscience",
  ]) {
    await expect(card).toContainText(text);
  }
  await expect(card.getByRole("img")).toHaveAttribute("alt", /Firing Patterns/);
});

test("a merchandise card shows SKU, material, colour, size and category", async ({ page }) => {
  await page.goto("/merchandise?type=Hoodie");
  await waitForHydration(page);
  const card = page.getByRole("article").filter({ hasText: "Circuit Trace Hoodie" });
  await expect(page.getByRole("article")).toHaveCount(1);
  // One card for its sizes (issue 37): their shared SKU, every size.
  for (const text of [
    "KYB-MR-003",
    "80% organic cotton",
    "Teal",
    "S, M, L, XL, XXL",
    "Merchandise",
  ]) {
    await expect(card).toContainText(text);
  }
  // The front view on the card; the back view with the other details, behind its disclosure.
  await expect(card.getByRole("img")).toHaveCount(1);
  await card.getByText("Details").click();
  await expect(card.getByRole("img")).toHaveCount(2);
});

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
]) {
  test(`the first card's Add to Cart shows without scrolling at ${viewport.width} × ${viewport.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    for (const path of ["/books", "/cyberware", "/merchandise"]) {
      await page.goto(path);
      const first = page.getByRole("article").first();
      // Add to Cart, or for a product of several sizes the link to choose one (issue 37).
      const button = await first
        .getByRole("button", { name: /^Add to Cart/ })
        .or(first.getByRole("link", { name: /^Choose a/ }))
        .boundingBox();
      expect(button, path).not.toBeNull();
      expect(button!.y + button!.height, path).toBeLessThanOrEqual(viewport.height);
    }
  });
}

test("Add to Cart shows 'Added to Cart!' for 2 seconds and counts in the header and side column", async ({
  page,
}) => {
  await page.goto("/books");
  await waitForHydration(page);
  const header = page.getByRole("link", { name: /^Cart, / });
  const side = page.getByRole("complementary", { name: "Your cart" });
  await expect(header).toHaveAccessibleName("Cart, 0 items");
  await expect(side).toContainText("Cart Count: 0");

  const card = page.getByRole("article").filter({ hasText: "Salt Water Circuit" }).first();
  const message = card.getByRole("status");
  // Timed in the page: a busy machine delays the test's view of it, not the page's clock.
  await message.evaluate((element) => {
    const changes: number[] = [];
    (window as unknown as { statusChanges: number[] }).statusChanges = changes;
    new MutationObserver(() => changes.push(performance.now())).observe(element, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await card.getByRole("button", { name: /^Add to Cart/ }).click();
  await expect(message).toHaveText("Added to Cart!");
  await expect(header).toHaveAccessibleName("Cart, 1 item");
  await expect(side).toContainText("Cart Count: 1");

  await expect(message).toHaveText("", { timeout: 4000 });
  const changes = await page.evaluate(
    () => (window as unknown as { statusChanges: number[] }).statusChanges,
  );
  const shownFor = (changes.at(-1) ?? 0) - (changes[0] ?? 0);
  expect(shownFor).toBeGreaterThanOrEqual(1950);
  expect(shownFor).toBeLessThan(3000);

  await card.getByRole("button", { name: /^Add to Cart/ }).click();
  await expect(header).toHaveAccessibleName("Cart, 2 items");
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]"));
  expect(stored).toEqual([expect.objectContaining({ id: 7, type: "Paperback", quantity: 2 })]);
});

test("cyberware cards add to the cart and the side column shows Cart Count", async ({ page }) => {
  await page.goto("/cyberware?genre=Body+Modification");
  await waitForHydration(page);
  const card = page.getByRole("article").filter({ hasText: "NTAG216 Glass Implant Kit" });
  await expect(card).toContainText("$149.00 AUD");
  await card.getByRole("button", { name: /^Add to Cart/ }).click();
  await expect(card.getByRole("status")).toHaveText("Added to Cart!");
  await expect(page.getByRole("complementary", { name: "Your cart" })).toContainText(
    "Cart Count: 1",
  );
});

test("Add to Cart pressed the moment a card is painted is done in the page, with no request", async ({
  page,
}) => {
  // The page's only request, the stock counts, held: the press comes before the page is done.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/stock", async (route) => {
    await held;
    await route.continue();
  });
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto("/books?genre=Science+Fiction", { waitUntil: "commit" });
  const card = page.getByRole("main").getByRole("article").first();
  const name = (await card.getByRole("heading").textContent()) ?? "";
  await card.getByRole("button", { name: /^Add to Cart/ }).click();
  await expect(card.getByRole("status")).toHaveText("Added to Cart!");
  await expect(page.getByRole("link", { name: /^Cart, / })).toHaveAccessibleName("Cart, 1 item");
  await expect(page.getByRole("complementary", { name: "Your cart" })).toContainText(
    "Cart Count: 1",
  );
  // The same page loads no framework, and a press after its counts arrived adds another.
  expect(await loadsScripts(page)).toBe(false);
  release();
  await expect(card.getByText(/In stock|left/)).toBeVisible();
  await card.getByRole("button", { name: /^Add to Cart/ }).click();
  await expect(page.getByRole("link", { name: /^Cart, / })).toHaveAccessibleName("Cart, 2 items");
  expect(posts).toEqual([]);
  await page.getByRole("link", { name: /^Cart, / }).click();
  await expect(page.getByRole("rowheader", { name: new RegExp(`^${name}`) })).toBeVisible();
});

test.describe("Add to Cart without JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: /status of 400/ });

  test("says on the card that the cart needs JavaScript", async ({ page }) => {
    await page.goto("/books");
    const card = page.getByRole("main").getByRole("article").first();
    await card.getByRole("button", { name: /^Add to Cart/ }).click();
    await expect(
      page.getByRole("main").getByRole("article").first().getByRole("alert"),
    ).toContainText(
      "Your cart is kept in this browser, and only the page's JavaScript can add to it",
    );
  });
});
