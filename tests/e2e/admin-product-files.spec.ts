import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, expectNoAxeViolations, waitForHydration } from "../browser/fixtures.ts";
import { logInAsStaff, test } from "../browser/staff.ts";

/** The catalogue's Salt Water Circuit eBook: seeded with the shop's sample chapter. */
const SEEDED_EBOOK = 8;

test.describe("an eBook's files in the back office", () => {
  // The upload of a file that is neither an EPUB nor a PDF is refused with a 400.
  test.use({ allowedConsoleErrors: /status of 400/ });

  test("staff see the seeded samples marked, create an eBook and upload its PDF", async ({
    page,
    staff,
  }) => {
    test.slow();
    await logInAsStaff(page, staff);
    await page.goto(`/admin/products/${SEEDED_EBOOK}`);
    await expect(page.getByLabel("Delivered by download (an eBook)")).toBeChecked();
    const seeded = page.getByRole("list", { name: "Files" });
    await expect(seeded.getByRole("listitem")).toHaveCount(2);
    await expect(seeded.getByRole("listitem").first()).toContainText(
      /EPUB .*\.epub · \d+ KB · sample/,
    );
    await expect(seeded.getByRole("listitem").last()).toContainText(
      /PDF .*\.pdf · \d+ KB · sample/,
    );
    await expectNoAxeViolations(page);

    const name = `Implant Aftercare Notes ${randomBytes(3).toString("hex")}`;
    await page.goto("/admin/products/new");
    await waitForHydration(page);
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Category").selectOption("Book");
    await page.getByLabel("Format or type").fill("eBook");
    await page.getByLabel("Price (AUD, GST included)").fill("9.95");
    await page.getByLabel("Delivered by download (an eBook)").check();
    await page.getByRole("button", { name: "Create product" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    const files = page.getByRole("region", { name: "Files" });
    await expect(files).toContainText("No files yet");

    // A file that is neither: refused beside the field, nothing stored.
    const upload = page.getByRole("form", { name: "Upload a file" });
    await upload.getByLabel("EPUB or PDF file").setInputFiles({
      name: "book.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("Chapter one. Not a PDF at all."),
    });
    await upload.getByRole("button", { name: "Upload file" }).click();
    await expect(upload.getByLabel("EPUB or PDF file")).toHaveAccessibleDescription(
      /neither an EPUB nor a PDF/,
    );
    await expect(files).toContainText("No files yet");

    // The real PDF: listed with its size, not marked as a sample.
    const pdf = await readFile("content/samples/salt-water-circuit.pdf");
    await upload.getByLabel("EPUB or PDF file").setInputFiles({
      name: "aftercare.pdf",
      mimeType: "application/pdf",
      buffer: pdf,
    });
    await upload.getByRole("button", { name: "Upload file" }).click();
    await expect(page.getByRole("status").filter({ hasText: "File uploaded" })).toBeVisible();
    const listed = files.getByRole("listitem");
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText(/^PDF implant-aftercare-notes-[0-9a-f]{6}\.pdf · \d+ KB/);
    await expect(listed).not.toContainText("sample");
    await expectNoAxeViolations(page);

    await files.getByRole("button", { name: /^Remove the PDF/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "File removed" })).toBeVisible();
    await expect(files).toContainText("No files yet");
  });
});
