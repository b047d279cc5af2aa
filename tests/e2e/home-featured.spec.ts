import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolationsInBothThemes,
  loadsScripts,
  test,
} from "../browser/fixtures.ts";

// Issue 39 item 4: a fresh shop's home page features content/featured-products.json's products.

const FIRST = "The Cyborg Question: Rights, Identity and the Augmented Body";

const featured = (page: Page) => page.getByRole("region", { name: "Featured in the shop" });

test.describe("the home page at 1280 × 720", () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test("shows the featured cards above the fold, beside the brand, pronunciation and mission", async ({
    page,
  }) => {
    await page.goto("/");
    const title = page.getByRole("heading", { level: 1, name: "Kybernetes" });
    const mission = page.getByText(
      '"Join the next stage of human evolution and become more than human."',
    );
    await expect(page.getByText(/pronounced kih-ber-NEE-teez/)).toBeVisible();
    await expect(mission).toBeVisible();
    const cards = featured(page).getByRole("article");
    await expect(cards).toHaveCount(4);
    await expect(cards.first().getByRole("heading")).toHaveText(FIRST);
    expect(await loadsScripts(page)).toBe(false);

    const text = (await title.boundingBox())!;
    const missionBox = (await mission.boundingBox())!;
    // The first row of cards: picture, name, price and Add to Cart within the first screen.
    for (const index of [0, 1]) {
      const card = cards.nth(index);
      const box = (await card.getByRole("button", { name: /^Add to Cart/ }).boundingBox())!;
      expect(box.y + box.height, `card ${index + 1}'s Add to Cart`).toBeLessThanOrEqual(720);
      const picture = (await card.getByRole("img").first().boundingBox())!;
      expect(picture.y).toBeLessThan(720);
      // Beside the text, not under it: to its right, level with its heading and mission.
      expect(picture.x).toBeGreaterThan(missionBox.x + missionBox.width);
      expect((await card.boundingBox())!.y).toBeLessThan(missionBox.y + missionBox.height);
    }
    const section = (await featured(page).boundingBox())!;
    expect(section.y).toBeLessThanOrEqual(text.y + text.height);
    await expect(cards.first().getByText("$49.95 AUD")).toBeVisible();
  });

  test("Add to Cart adds the featured product at once, without the framework", async ({ page }) => {
    await page.goto("/");
    const card = featured(page).getByRole("article").filter({ hasText: "Pronunciation Mug" });
    await card.getByRole("button", { name: /^Add to Cart/ }).click();
    await expect(card.getByRole("status")).toHaveText("Added to Cart!");
    await expect(page.getByRole("link", { name: /^Cart, / })).toHaveAccessibleName("Cart, 1 item");
    await page.getByRole("link", { name: /^Cart, / }).click();
    await expect(page.getByRole("rowheader", { name: /^Pronunciation Mug/ })).toBeVisible();
  });

  test("has no axe violations in light and dark themes", async ({ page }) => {
    await page.goto("/");
    await expect(featured(page).getByRole("article")).toHaveCount(4);
    await expectNoAxeViolationsInBothThemes(page);
  });
});

test.describe("the home page on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("stacks the featured cards after the mission and before the rest of the page", async ({
    page,
  }) => {
    await page.goto("/");
    const mission = (await page.getByText(/become more than human\."$/).boundingBox())!;
    const section = (await featured(page).boundingBox())!;
    const whoWeAre = (await page.getByRole("heading", { name: "Who we are" }).boundingBox())!;
    expect(section.y).toBeGreaterThan(mission.y + mission.height);
    expect(whoWeAre.y).toBeGreaterThan(section.y + section.height);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectNoAxeViolationsInBothThemes(page);
  });
});

test.describe("Add to Cart on the home page without JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: /status of 400/ });

  test("says on the card pressed that the cart needs JavaScript", async ({ page }) => {
    await page.goto("/");
    const card = () => featured(page).getByRole("article").filter({ hasText: "Pronunciation Mug" });
    await card()
      .getByRole("button", { name: /^Add to Cart/ })
      .click();
    await expect(card().getByRole("alert")).toContainText(
      "Your cart is kept in this browser, and only the page's JavaScript can add to it",
    );
    await expect(page.getByRole("heading", { level: 1, name: "Kybernetes" })).toBeVisible();
  });
});
