import type { APIRequestContext } from "@playwright/test";
import Papa from "papaparse";
import { expect, expectNoAxeViolations } from "../browser/fixtures.ts";
import { logInAsStaff, test } from "../browser/staff.ts";

/** A paperback no other browser test orders or prices. */
const BOOK = { id: 11, name: "Biomedical Engineering Maths for Beginners", price: "54.95" };

async function staffToken(
  request: APIRequestContext,
  staff: { username: string; password: string },
) {
  const login = await request.post("/api/login", {
    data: { username: staff.username, password: staff.password },
  });
  return ((await login.json()) as { token: string }).token;
}

/** A colleague's edit of the book's price, through the API, with the version they saw. */
async function setPrice(request: APIRequestContext, token: string, priceCents: number) {
  const headers = { authorization: `Bearer ${token}` };
  const current = await request.get(`/api/admin/products/${BOOK.id}`, { headers });
  const { version } = (await current.json()) as { version: number };
  const changed = await request.patch(`/api/admin/products/${BOOK.id}`, {
    headers,
    data: { version, priceCents },
  });
  expect(changed.status()).toBe(200);
}

/** A product no other browser test orders, prices or imports: the import test's own. */
const PAD = { id: 17, name: "Silicone Suture Practice Pad" };

test.describe("products in the back office", () => {
  // The API's 409 (a stale edit) and 400 (a bad file) show in the console as failed requests.
  test.use({ allowedConsoleErrors: /status of (409|400)/ });

  test("staff change a book's price, see its effect first, the shop follows, and a stale edit is refused", async ({
    page,
    request,
    staff,
  }) => {
    test.slow();
    const token = await staffToken(request, staff);
    try {
      await logInAsStaff(page, staff);
      await page
        .getByRole("navigation", { name: "Back office" })
        .getByRole("link", { name: "Products" })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
      await expect(page.getByRole("table", { name: "Every product" })).toBeVisible();
      await expectNoAxeViolations(page);

      // Found by name; the search stays in the address.
      await page.getByRole("searchbox", { name: "Name, SKU or ISBN" }).fill("Engineering Maths");
      await page.getByRole("combobox", { name: "State" }).selectOption("published");
      await page.getByRole("button", { name: "Find" }).click();
      await expect(page).toHaveURL(
        /\/admin\/products\?q=Engineering\+Maths&category=&state=published/,
      );
      const found = page.getByRole("table", { name: /matching your search \(1\)/ });
      await expect(found.getByRole("row", { name: new RegExp(BOOK.name) })).toContainText(
        "Paperback",
      );
      await found.getByRole("link", { name: BOOK.name }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(BOOK.name);

      // The price change shows before it is saved.
      const price = page.getByLabel("Price (AUD, GST included)");
      await expect(price).toHaveValue(BOOK.price);
      await price.fill("49.95");
      await expect(page.getByText("Price change: $54.95 → $49.95 (−$5.00)")).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
      await expect(page.getByLabel("Price (AUD, GST included)")).toHaveValue("49.95");

      // The shop shows the new price without a restart.
      const shop = await page.context().newPage();
      await shop.goto("/books");
      await expect(async () => {
        await shop.reload();
        await expect(shop.locator(`#product-${BOOK.id}`)).toContainText("$49.95 AUD");
      }).toPass({ timeout: 5_000 });
      await shop.close();

      // Meanwhile a colleague changes the price; this page still has the version before.
      await setPrice(request, token, 4795);
      await page
        .getByLabel("Description", { exact: true })
        .fill("An edit made on an old copy of the product.");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("alert")).toContainText(
        "Someone else changed this product while you had it open",
      );
      await expect(page.getByLabel("Price (AUD, GST included)")).toHaveValue("47.95");
      await expect(page.getByLabel("Description", { exact: true })).not.toHaveValue(/an old copy/);
      await expectNoAxeViolations(page);
    } finally {
      await setPrice(request, token, 5495);
    }
  });

  test("a file with a bad row is refused with its line, column and reason; an empty new product is marked", async ({
    page,
    staff,
  }) => {
    await logInAsStaff(page, staff);
    await page.goto("/admin/products");
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
    const header =
      "id,name,description,category,type,price,images,isbn,publisher,language,trim,pageCount,publicationDate,audience,genre,sku,material,color,size,stock,ageRestricted";
    await page
      .getByLabel("Or paste the CSV")
      .fill(`${header}\n999,A Test Book,A book,Book,Paperback,abc,,,,,,,,,,,,,,,false\n`);
    await page.getByRole("button", { name: "Check" }).click();
    const problems = page.getByRole("table", { name: "Problems in the file" });
    await expect(problems.getByRole("row", { name: /price/ })).toContainText("2");
    await expectNoAxeViolations(page);

    // A file saved in Latin-1 ("Café" with é as one byte) is refused, not imported garbled.
    await page.getByLabel("Or paste the CSV").fill("");
    await page.getByLabel("CSV file").setInputFiles({
      name: "old-export.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        `${header}\n998,Café,A book,Book,Paperback,9.95,,,,,,,,,,,,,,,false\n`,
        "latin1",
      ),
    });
    await page.getByRole("button", { name: "Check" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "not UTF-8" })).toContainText(
      "The file is not UTF-8 text",
    );

    // A new product's form: an empty one is marked beside its fields, nothing is created.
    await page.getByRole("link", { name: "New product" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();
    await page.getByRole("button", { name: "Create product" }).click();
    await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Name is required");
    await expect(page.getByLabel("Price (AUD, GST included)")).toHaveAccessibleDescription(
      /Price must be an amount in dollars/,
    );
    await expectNoAxeViolations(page);
  });

  test("an export imported after a colleague's change lists the row, refuses it until staff use the file's version", async ({
    page,
    request,
    staff,
  }) => {
    const token = await staffToken(request, staff);
    const headers = { authorization: `Bearer ${token}` };
    const product = async () =>
      (await (await request.get(`/api/admin/products/${PAD.id}`, { headers })).json()) as {
        version: number;
        priceCents: number;
        description: string;
      };
    const exported = await request.get("/api/admin/products/export", { headers });
    const parsed = Papa.parse<Record<string, string>>(await exported.text(), {
      header: true,
      skipEmptyLines: true,
    });
    const row = parsed.data.find((cells) => cells.id === String(PAD.id));
    expect(row?.version).toMatch(/^\d+$/);
    // Just the pad, its price changed: the file leaves every other product as it is.
    const csv = Papa.unparse(
      { fields: parsed.meta.fields ?? [], data: [{ ...row, price: "1.00" }] },
      { newline: "\n" },
    );

    // Meanwhile a colleague changes the pad's description.
    const before = await product();
    const changed = await request.patch(`/api/admin/products/${PAD.id}`, {
      headers,
      data: { version: before.version, description: "Changed by a colleague after the export." },
    });
    expect(changed.status()).toBe(200);

    await logInAsStaff(page, staff);
    await page.goto("/admin/products");
    await page.getByLabel("Or paste the CSV").fill(csv);
    await page.getByRole("button", { name: "Check" }).click();
    const conflicts = page.getByRole("table", { name: "Changed since the file was exported" });
    const line = conflicts.getByRole("row", { name: new RegExp(PAD.name) });
    await expect(line).toContainText(
      `Version ${before.version} in the file, ${before.version + 1} now`,
    );
    await expect(line).toContainText("Changed by a colleague after the export.");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Nothing was imported" })).toBeVisible();
    expect((await product()).priceCents).toBe(before.priceCents);

    await page
      .getByRole("checkbox", { name: `Use the file's version of line 2, ${PAD.name}` })
      .check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("heading", { name: "Imported" })).toBeVisible();
    expect(await product()).toMatchObject({ priceCents: 100 });
  });
});
