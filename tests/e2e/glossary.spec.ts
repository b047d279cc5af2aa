import {
  expect,
  expectNoAxeViolations,
  setTheme,
  test,
  waitForHydration,
} from "../browser/fixtures.ts";

test("the glossary filters by letter, kept in the address", async ({ page }) => {
  await page.goto("/terminologies");
  await waitForHydration(page);
  const letters = page.getByRole("navigation", { name: "Glossary letters" });
  const terms = page.locator("main dl dt");
  await expect(page.getByRole("heading", { level: 2, name: "All Terms" })).toBeVisible();
  // The rest of the glossary arrives after the first terms (docs/decisions/013).
  await expect(page.getByText(/follow as soon as the page has loaded/)).toHaveCount(0);
  expect(await terms.count()).toBeGreaterThanOrEqual(150);
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    `${await terms.count()} terms`,
  );
  await expect(letters.getByRole("link")).toHaveCount(27);

  await letters.getByRole("link", { name: "B", exact: true }).click();
  await expect(page).toHaveURL("/terminologies?letter=B");
  await expect(page.getByRole("heading", { level: 2, name: "B", exact: true })).toBeVisible();
  await expect(page.getByText("Biocompatibility", { exact: true })).toBeVisible();
  for (const term of await terms.allTextContents()) expect(term[0]).toBe("B");

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 2, name: "B", exact: true })).toBeVisible();
  await expect(letters.getByRole("link", { name: "B", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );

  await letters.getByRole("link", { name: "All" }).click();
  await expect(page).toHaveURL("/terminologies");
  await expect(page.getByRole("heading", { level: 2, name: "All Terms" })).toBeVisible();
});

test("a shared letter link opens on that letter, also under /Terminologies", async ({ page }) => {
  await page.goto("/Terminologies?letter=q");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 2, name: "Q", exact: true })).toBeVisible();
  await expect(page.getByText("QRS complex", { exact: true })).toBeVisible();
  await setTheme(page, "dark");
  await page.reload();
  await waitForHydration(page);
  await expectNoAxeViolations(page);
});

test.describe("the first response", () => {
  test.use({ javaScriptEnabled: false });

  test("holds the first terms and points to the full CSV for the rest", async ({ page }) => {
    await page.goto("/terminologies");
    await expect(page.getByRole("heading", { level: 2, name: "All Terms" })).toBeVisible();
    const count = Number(
      (await page.getByRole("main").getByRole("status").textContent())?.split(" ")[0],
    );
    expect(count).toBeGreaterThanOrEqual(150);
    await expect(page.locator("main dl dt")).toHaveCount(60);
    // No script will bring the rest here: the page says where they are instead.
    // (A regular expression: Playwright's exact-text matching skips a <noscript>'s content.)
    await expect(
      page.getByText(
        new RegExp(
          `^The other ${count - 60} terms are under their letters above\\. All ${count} are also in the glossary CSV file\\.$`,
        ),
      ),
    ).toBeVisible();
    await expect(page.getByText(/follow as soon as the page has loaded/)).toBeHidden();
    await expect(page.getByRole("link", { name: "glossary CSV file" })).toHaveAttribute(
      "href",
      "/Terminologies.csv",
    );
  });

  test("of a letter's address holds every term under that letter", async ({ page }) => {
    await page.goto("/terminologies?letter=B");
    await expect(page.getByRole("heading", { level: 2, name: "B", exact: true })).toBeVisible();
    const terms = await page.locator("main dl dt").allTextContents();
    expect(terms.length).toBeGreaterThan(3);
    for (const term of terms) expect(term[0]).toBe("B");
    await expect(page.getByText("Loading terms…")).toHaveCount(0);
  });
});

test.describe("when the glossary data cannot be loaded", () => {
  test.use({ allowedConsoleErrors: /Failed to load resource/ });

  test("the first terms stay and the page says the rest is missing", async ({ page }) => {
    await page.route("**/glossary.json", (route) => route.abort());
    await page.goto("/terminologies");
    await waitForHydration(page);
    await expect(page.getByRole("alert")).toHaveText(
      "The rest of the glossary could not be loaded. Please check your connection and reload the page.",
    );
    await expect(page.locator("main dl dt")).toHaveCount(60);
    await expect(page.getByText("Accelerometer", { exact: true })).toBeVisible();
  });

  test("the page says so instead of staying empty", async ({ page }) => {
    // Reached inside the app from a page that hydrated, while offline.
    await page.goto("/cart");
    await waitForHydration(page);
    await page.route("**/glossary.json", (route) => route.abort());
    await page.route("**/terminologies.data*", (route) => route.abort());
    await page.evaluate(() => {
      window.history.pushState({}, "", "/terminologies");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect(page.getByRole("alert")).toHaveText(
      "The glossary could not be loaded. Please check your connection and reload the page.",
    );
    await expect(page.getByRole("heading", { level: 1, name: "Terminologies" })).toBeVisible();
  });
});
