import { expect, test, waitForHydration } from "../browser/fixtures.ts";

test("the second spellings of SPEC §2 serve the same page with the main address as canonical", async ({
  page,
}) => {
  for (const [variant, main, h1] of [
    ["/cyberwarecatalogue", "/cyberwareCatalogue", "Cyberware Catalogue"],
    ["/Cytheseus", "/cytheseus", "Cytheseus"],
    ["/Terminologies", "/terminologies", "Terminologies"],
  ] as const) {
    const response = await page.goto(variant);
    expect(response?.status(), variant).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`${main}$`),
    );
  }
});

test("every course and guide linked from the library opens", async ({ page, request }) => {
  await page.goto("/library");
  const hrefs = await page
    .getByRole("main")
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const courses = hrefs.filter((href) => href.startsWith("/Learn"));
  expect(courses).toHaveLength(8);
  for (const href of hrefs.filter((each) => each.startsWith("/"))) {
    expect((await request.get(href)).status(), href).toBe(200);
  }
});

test("the Cytheseus emblem spins, and keeps still for readers who prefer reduced motion", async ({
  page,
}) => {
  const emblem = page.getByRole("img", { name: /Cytheseus emblem/ });
  const animation = () => emblem.evaluate((element) => getComputedStyle(element).animationName);
  await page.goto("/cytheseus");
  expect(await animation()).not.toBe("none");
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await animation()).toBe("none");
  await expect(page.getByRole("heading", { name: "COMING SOON" })).toBeVisible();
});

test("a content page reached from a page that hydrated opens within the app", async ({ page }) => {
  await page.goto("/cart");
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Library" })
    .click();
  await expect(page).toHaveURL("/library");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Library");
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  // Its links work inside the app too.
  await page.getByRole("main").getByRole("link", { name: "Learn Cyberware" }).click();
  await expect(page).toHaveURL("/LearnCyberwareCourse");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Learn Cyberware Course");
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
});
