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
