import { randomBytes } from "node:crypto";
import { photoPng } from "#tests/fixtures/pictures.ts";
import { fillCartAndCheckOut, placeOrder } from "../browser/checkout.ts";
import { expect, expectNoAxeViolations, setTheme, waitForHydration } from "../browser/fixtures.ts";
import { logInAsStaff, test } from "../browser/staff.ts";

test.describe("a new product with a picture", () => {
  // The upload of a file that is not a picture is refused with a 400 the console reports.
  test.use({ allowedConsoleErrors: /status of 400/ });

  test("staff create a book and upload its cover; a visitor buys it from its page", async ({
    page,
    browser,
    staff,
  }) => {
    test.slow();
    const name = `Field Notes on Implant Aftercare ${randomBytes(3).toString("hex")}`;
    await logInAsStaff(page, staff);
    await page.goto("/admin/products/new");
    await waitForHydration(page);
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Category").selectOption("Book");
    await page.getByLabel("Format or type").fill("Paperback");
    await page.getByLabel("Price (AUD, GST included)").fill("19.95");
    await page.getByLabel("Description").fill("Notes from a year of healing well.");
    await page.getByLabel("Opening stock").fill("5");
    await page.getByLabel("Publish now (otherwise saved as a draft)").check();
    await page.getByRole("button", { name: "Create product" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    const pictures = page.getByRole("region", { name: "Pictures" });
    await expect(pictures).toContainText("No pictures yet");

    // A file that is not a picture: refused beside the field, nothing added.
    const upload = page.getByRole("form", { name: "Add a picture" });
    await upload.getByLabel("Picture file").setInputFiles({
      name: "cover.png",
      mimeType: "image/png",
      buffer: Buffer.from("not a picture at all"),
    });
    await upload.getByLabel("Picture description").fill("The cover");
    await upload.getByRole("button", { name: "Add picture" }).click();
    await expect(upload.getByLabel("Picture file")).toHaveAccessibleDescription(
      /not a picture the shop can use/,
    );
    await expect(pictures).toContainText("No pictures yet");

    // The real cover, with what it shows.
    await upload.getByLabel("Picture file").setInputFiles({
      name: "cover.png",
      mimeType: "image/png",
      buffer: await photoPng(1200, 900),
    });
    await upload
      .getByLabel("Picture description")
      .fill("The cover: a hand in teal light over a notebook");
    await upload.getByRole("button", { name: "Add picture" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Picture added" })).toBeVisible();
    await expect(
      pictures.getByRole("img", { name: "The cover: a hand in teal light over a notebook" }),
    ).toBeVisible();

    // A second picture, moved first, then removed again: the cover is the main one once more.
    await upload.getByLabel("Picture file").setInputFiles({
      name: "back.png",
      mimeType: "image/png",
      buffer: await photoPng(400, 300),
    });
    await upload.getByLabel("Picture description").fill("The back cover");
    await upload.getByRole("button", { name: "Add picture" }).click();
    await expect(pictures.getByRole("img", { name: "The back cover" })).toBeVisible();
    await pictures.getByRole("button", { name: "Move earlier: picture 2" }).click();
    await expect(pictures.getByRole("listitem").first()).toContainText("Main picture");
    await expect(
      pictures.getByRole("listitem").first().getByRole("img", { name: "The back cover" }),
    ).toBeVisible();
    // Removing deletes the upload's files: it is asked once more.
    await pictures.getByRole("button", { name: "Remove main picture" }).click();
    const question = pictures.getByRole("group", { name: /^Remove main picture\?/ });
    await expect(question).toContainText("Its files are deleted and this cannot be undone.");
    await expect(pictures.getByRole("button", { name: "Keep it" })).toBeFocused();
    await question.getByRole("button", { name: "Yes, remove it" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Picture removed" })).toBeVisible();
    await expect(pictures.getByRole("img", { name: "The back cover" })).toHaveCount(0);
    await expect(pictures.getByRole("listitem")).toHaveCount(1);

    await expectNoAxeViolations(page);
    await setTheme(page, "dark");
    await expectNoAxeViolations(page);
    const shopLink = page.getByRole("link", { name: "its page in the shop" });
    const productPath = (await shopLink.getAttribute("href")) ?? "";
    expect(productPath).toMatch(/^\/products\/field-notes-on-implant-aftercare/);

    // A visitor finds it on its own page, the cover drawn from an AVIF or WebP made of it.
    const visitor = await browser.newContext();
    try {
      const buyer = await visitor.newPage();
      await expect(async () => {
        const response = await buyer.goto(productPath);
        expect(response?.status()).toBe(200);
      }).toPass({ timeout: 5_000 });
      const cover = buyer.getByRole("img", {
        name: "The cover: a hand in teal light over a notebook",
      });
      await expect(cover).toBeVisible();
      await expect
        .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
        .toMatch(/\/pictures\/\d+-\d+\.(avif|webp)$/);
      expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expectNoAxeViolations(buyer);

      await fillCartAndCheckOut(buyer, {
        shop: productPath,
        label: `Add to Cart: ${name} (Paperback)`,
      });
      await expect(buyer.getByRole("table", { name: "Your order" })).toContainText(name);
      await buyer.getByLabel("E-mail").fill("picture-buyer@example.com");
      const order = await placeOrder(buyer);
      expect(order).toMatch(/^KB-\d+$/);
      await expect(buyer.getByRole("main")).toContainText(name);
    } finally {
      await visitor.close();
    }
  });

  test("the back office's stock and product screens never scroll sideways on a phone", async ({
    page,
    staff,
  }) => {
    await logInAsStaff(page, staff);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/admin/stock", "/admin/products", "/admin/products/1"]) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
