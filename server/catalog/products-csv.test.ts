import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseProductsCsv } from "#core/catalog/parse-products.ts";
import { productsToCsv } from "#core/catalog/products-csv.ts";

describe("productsToCsv", () => {
  it("writes content/products.csv's products back in its format, read again the same", () => {
    const products = parseProductsCsv(readFileSync("content/products.csv", "utf8"));
    const csv = productsToCsv(products);
    expect(csv.split("\n")[0]).toBe(readFileSync("content/products.csv", "utf8").split(/\r?\n/)[0]);
    const again = parseProductsCsv(csv);
    // Everything but the opening stock, which a published file leaves out.
    expect(again).toEqual(products.map(({ stock: _stock, ...product }) => product));
  });

  it("disarms a cell a spreadsheet would run as a formula, and an import reads it back as it was", () => {
    const risky = {
      id: 8,
      name: '=HYPERLINK("https://evil.example")',
      description: "+61 2 9999 9999\n@later",
      category: "Merchandise",
      type: "-Mug",
      priceCents: 1000,
      images: [],
      ageRestricted: false,
    };
    const csv = productsToCsv([risky]);
    const row = csv.split("\n").slice(1).join("\n");
    expect(row).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
    expect(row).toContain("'-Mug");
    expect(row).toContain(`"'+61 2 9999 9999\n@later"`);
    expect(parseProductsCsv(csv)).toEqual([risky]);
  });

  it("quotes what needs quoting and keeps two decimals", () => {
    const [line] = parseProductsCsv(
      productsToCsv([
        {
          id: 7,
          name: 'A "quoted", name',
          description: "Line one\nline two",
          category: "Merchandise",
          type: "T-Shirt",
          priceCents: 3000,
          images: ["/a.webp", "/b.webp"],
          ageRestricted: true,
        },
      ]),
    );
    expect(line).toMatchObject({
      name: 'A "quoted", name',
      description: "Line one\nline two",
      priceCents: 3000,
      images: ["/a.webp", "/b.webp"],
      ageRestricted: true,
    });
  });
});
