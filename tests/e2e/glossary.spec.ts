import { expect, expectNoAxeViolations, setTheme, test, waitForHydration } from "./fixtures";

test("the glossary filters by letter, kept in the address", async ({ page }) => {
  await page.goto("/terminologies");
  await waitForHydration(page);
  const letters = page.getByRole("navigation", { name: "Glossary letters" });
  const terms = page.locator("main dl dt");
  await expect(page.getByRole("heading", { level: 2, name: "All Terms" })).toBeVisible();
  expect(await terms.count()).toBeGreaterThanOrEqual(150);
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

test("/Terminologies.csv is served with its header row", async ({ request }) => {
  const response = await request.get("/Terminologies.csv");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/csv/);
  const text = await response.text();
  expect(text.split("\n")[0]).toBe("Letter,Terminology");
  expect(text.split("\n").filter(Boolean).length).toBeGreaterThan(150);
});

test.describe("when the glossary data cannot be loaded", () => {
  test.use({ allowedConsoleErrors: /Failed to load resource/ });

  test("the page says so instead of staying empty", async ({ page }) => {
    await page.goto("/library");
    await waitForHydration(page);
    await page.route("**/terminologies.data*", (route) => route.abort());
    await page.getByRole("main").getByRole("link", { name: "Terminologies" }).first().click();
    await expect(page.getByRole("alert")).toHaveText(
      "The glossary could not be loaded. Please check your connection and reload the page.",
    );
    await expect(page.getByRole("heading", { level: 1, name: "Terminologies" })).toBeVisible();
  });
});
