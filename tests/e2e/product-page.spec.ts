import {
  expect,
  expectNoAxeViolationsInBothThemes,
  holdScripts,
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

test("its HTML carries the product's JSON-LD, canonical address and sharing picture", async ({
  request,
}) => {
  const html = await (await request.get(HARDBACK)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? "{}"),
  );
  expect(blocks.find((block) => block.gtin13)).toMatchObject({
    "@type": ["Product", "Book"],
    name: NAME,
    gtin13: "9780648921707",
    offers: { price: "89.95", priceCurrency: "AUD", availability: "https://schema.org/InStock" },
  });
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+${HARDBACK}"`));
  // Shared as a JPEG made from the cover: networks preview no SVG.
  const sharing = /<meta property="og:image" content="[^"]*?(\/pictures\/sharing\/[^"]+)"/.exec(
    html,
  );
  expect(sharing?.[1]).toBe(`/pictures/sharing/${HARDBACK.replace("/products/", "")}.jpg`);
  const jpeg = await request.get(sharing?.[1] ?? "");
  expect(jpeg.headers()["content-type"]).toBe("image/jpeg");
  // The cover is the largest thing painted: asked for first, its size reserved.
  expect(html).toMatch(/<img[^>]+fetchpriority="high"[^>]*>/i);
  expect(html).toMatch(/<img[^>]+width="640" height="480"/);
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

test("Add to Cart pressed before the page has hydrated still adds the book", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto(HARDBACK, { waitUntil: "commit" });
  const [post] = await Promise.all([
    page.waitForRequest((request) => request.method() === "POST"),
    page.getByRole("button", { name: /^Add to Cart: Neural Interfaces/ }).click(),
  ]);
  expect(new URL(post.url()).pathname).toBe(HARDBACK);
  // The answer says so at once; it stores the line in this browser's cart when its script runs.
  await expect(page.getByRole("status").filter({ hasText: "Added to Cart!" })).toBeVisible();
  release();
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: /^Cart, / })).toHaveAccessibleName("Cart, 1 item");
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
