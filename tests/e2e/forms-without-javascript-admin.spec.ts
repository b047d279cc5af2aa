import { expect, test } from "../browser/fixtures.ts";

/**
 * The back office reads everything with the staff login kept in this browser (SPEC's
 * localStorage), so its forms exist only once its script has run (issue 24): without
 * JavaScript it says why, instead of a page that loads for ever.
 */
test.describe("the back office without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("says it needs JavaScript and why", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByText("Opening the back office…")).toBeVisible();
    await expect(
      page.getByText(/The back office needs JavaScript: your login is kept in this browser/),
    ).toBeVisible();
    await expect(page.locator("main form")).toHaveCount(0);
  });
});
