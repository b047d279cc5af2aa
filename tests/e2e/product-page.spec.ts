import {
  expect,
  expectNoAxeViolationsInBothThemes,
  loadsScripts,
  test,
  waitForHydration,
} from "../browser/fixtures.ts";

const NAME = "Neural Interfaces: From Electrode to Algorithm";
const HARDBACK = "/products/neural-interfaces-from-electrode-to-algorithm-hardback";
const EBOOK = "/products/neural-interfaces-from-electrode-to-algorithm-ebook";

test("a book opened from /books shows its fields; the eBook is a link away and goes in the cart", async ({
  page,
}) => {
  await page.goto("/books");
  await waitForHydration(page);
  const card = page.getByRole("article").filter({ hasText: "$89.95" });
  await card.getByRole("link", { name: NAME }).click();
  await expect(page).toHaveURL(HARDBACK);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NAME);
  await expect(page.getByText("GST included")).toBeVisible();
  const details = page.getByRole("region", { name: "Details" });
  for (const text of ["Hardback", "978-0-6489217-0-7", "Kybernetes Press", "178 x 254 mm", "412"]) {
    await expect(details.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(
    page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Books" }),
  ).toHaveAttribute("href", "/books");

  await page
    .getByRole("navigation", { name: "Formats" })
    .getByRole("link", { name: /eBook/ })
    .click();
  await expect(page).toHaveURL(EBOOK);
  await expect(page.getByText("978-0-6489217-1-4")).toBeVisible();
  await expect(page.getByText("$44.99 AUD", { exact: false }).first()).toBeVisible();

  await page.getByRole("button", { name: /^Add to Cart: Neural Interfaces.*eBook/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added to Cart!" })).toBeVisible();
  await page.getByRole("link", { name: /^Cart, / }).click();
  await expect(page).toHaveURL("/cart");
  await expect(page.getByRole("rowheader", { name: new RegExp(`^${NAME}`) })).toBeVisible();
});

test("the page passes axe in both themes", async ({ page }) => {
  await page.goto(HARDBACK);
  await waitForHydration(page);
  await expect(page.getByText(/In stock|left|Out of stock/)).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page);
});

test.describe("an unknown product", () => {
  // The browser logs the 404 of the document itself.
  test.use({ allowedConsoleErrors: /status of 404/ });

  test("is the 404 page", async ({ page }) => {
    const response = await page.goto("/products/no-such-book");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });
});

test("Add to Cart pressed the moment the page is painted adds the book, with no request", async ({
  page,
}) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto(HARDBACK, { waitUntil: "commit" });
  await page.getByRole("button", { name: /^Add to Cart: Neural Interfaces/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added to Cart!" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Cart, / })).toHaveAccessibleName("Cart, 1 item");
  expect(posts).toEqual([]);
  expect(await loadsScripts(page)).toBe(false);
  await page.getByRole("link", { name: /^Cart, / }).click();
  await expect(page.getByRole("rowheader", { name: new RegExp(`^${NAME}`) })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: /status of 400/ });

  test("the page shows everything, and Add to Cart says the cart needs JavaScript", async ({
    page,
  }) => {
    await page.goto(HARDBACK);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NAME);
    await expect(page.getByRole("region", { name: "Details" })).toContainText("978-0-6489217-0-7");
    const [post] = await Promise.all([
      page.waitForRequest((request) => request.url().includes(HARDBACK)),
      page.getByRole("button", { name: /^Add to Cart: Neural Interfaces/ }).click(),
    ]);
    expect(post.method()).toBe("POST");
    await expect(page.getByRole("alert")).toContainText(
      "Your cart is kept in this browser, and only the page's JavaScript can add to it",
    );
    expect(new URL(page.url()).pathname).toBe(HARDBACK);
  });
});

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
]) {
  test(`Add to Cart shows without scrolling at ${viewport.width} × ${viewport.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(HARDBACK);
    const button = await page.getByRole("button", { name: /^Add to Cart/ }).boundingBox();
    expect(button).not.toBeNull();
    expect(button!.y + button!.height).toBeLessThanOrEqual(viewport.height);
  });
}
