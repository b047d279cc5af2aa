import { describe, expect, it } from "vitest";
import { CatalogError } from "./parse-csv.ts";
import { parseProductImport, parseProductsCsv, parseProductsReport } from "./parse-products.ts";
import { PRICE_CELL_MESSAGE, PRODUCT_COLUMNS } from "./product.ts";

const header = PRODUCT_COLUMNS.join(",");

function row(cells: Partial<Record<(typeof PRODUCT_COLUMNS)[number], string>>): string {
  return PRODUCT_COLUMNS.map((column) => cells[column] ?? "").join(",");
}

describe("parseProductsCsv", () => {
  it("types numbers and splits images on | with trimming", () => {
    const csv = [
      header,
      row({
        id: "7",
        name: "Neural Interfaces",
        category: "Book",
        type: "Hardback",
        price: "59.95",
        images: "/a.svg | /b.svg |",
        pageCount: "312",
      }),
    ].join("\n");
    const [product] = parseProductsCsv(csv);
    expect(product).toMatchObject({
      id: 7,
      priceCents: 5995,
      pageCount: 312,
      images: ["/a.svg", "/b.svg"],
    });
  });

  it("keeps commas inside quoted cells", () => {
    const csv = `${header}\n${row({ id: "1", name: '"Forceps, curved"', category: "Cyberware", price: "12" })}`;
    expect(parseProductsCsv(csv)[0]?.name).toBe("Forceps, curved");
  });

  it("turns empty cells into missing fields and an empty image list", () => {
    const csv = `${header}\n${row({ id: "1", name: "Mug", category: "Merchandise", price: "20" })}`;
    const [product] = parseProductsCsv(csv);
    expect(product?.images).toEqual([]);
    expect(product?.isbn).toBeUndefined();
    expect(product?.pageCount).toBeUndefined();
  });

  it("names the file, line and column of a bad number", () => {
    const csv = [
      header,
      row({ id: "1", name: "A", category: "Book", price: "10" }),
      row({ id: "2", name: "B", category: "Book", price: "ten" }),
    ].join("\n");
    expect(() => parseProductsCsv(csv, "content/products.csv")).toThrow(
      `content/products.csv line 3, column "price": ${PRICE_CELL_MESSAGE} (found "ten")`,
    );
  });

  it("holds prices in whole cents from here on, exactly (0.1 + 0.2 never drifts)", () => {
    const csv = [
      header,
      row({ id: "1", name: "A", category: "Book", price: "0.3" }),
      row({ id: "2", name: "B", category: "Book", price: "1234.05" }),
      row({ id: "3", name: "C", category: "Book", price: "20" }),
    ].join("\n");
    expect(parseProductsCsv(csv).map((product) => product.priceCents)).toEqual([30, 123405, 2000]);
  });

  it("refuses a price with fractions of a cent rather than rounding it silently", () => {
    const csv = `${header}\n${row({ id: "1", name: "A", category: "Book", price: "9.999" })}`;
    expect(() => parseProductsCsv(csv, "products.csv")).toThrow(
      `products.csv line 2, column "price": ${PRICE_CELL_MESSAGE} (found "9.999")`,
    );
  });

  it("reads a price as the digits a person sees: no hex, exponents, signs or inner spaces", () => {
    for (const price of [
      "0x10",
      "1e2",
      "1e-2",
      "+5",
      "-1",
      "1 000",
      "12.",
      ".5",
      "$12",
      "Infinity",
    ]) {
      const report = parseProductsReport(
        `${header}\n${row({ id: "1", name: "A", category: "Book", price })}`,
      );
      expect(report.problems, price).toEqual([
        { line: 2, column: "price", reason: `${PRICE_CELL_MESSAGE} (found "${price}")` },
      ]);
    }
    const csv = [
      header,
      row({ id: "1", name: "A", category: "Book", price: " 12.5 " }),
      row({ id: "2", name: "B", category: "Book", price: "0" }),
      row({ id: "3", name: "C", category: "Book", price: "007.05" }),
    ].join("\n");
    expect(parseProductsCsv(csv).map((product) => product.priceCents)).toEqual([1250, 0, 705]);
  });

  it("reads an id as digits too: 0x10 is not product 16", () => {
    const report = parseProductsReport(
      `${header}\n${row({ id: "0x10", name: "A", category: "Book", price: "1" })}`,
    );
    expect(report.problems).toEqual([
      { line: 2, column: "id", reason: 'expected a whole number (digits only) (found "0x10")' },
    ]);
  });

  it("names missing columns", () => {
    expect(() => parseProductsCsv("id,name\n1,A", "products.csv")).toThrow(CatalogError);
    expect(() => parseProductsCsv("id,name\n1,A", "products.csv")).toThrow(
      /products.csv line 1: missing columns "description"/,
    );
  });

  it("rejects rows with the wrong number of cells", () => {
    const csv = `${header}\n1,Too short`;
    expect(() => parseProductsCsv(csv, "p.csv")).toThrow(/p.csv line 2/);
  });

  it("rejects duplicate ids", () => {
    const line = row({ id: "1", name: "A", category: "Book", price: "1" });
    expect(() => parseProductsCsv(`${header}\n${line}\n${line}`)).toThrow(/duplicate id 1/);
  });

  it("reports every bad row with its line, column and reason (the back office's import)", () => {
    const csv = [
      header,
      row({ id: "1", name: "A", category: "Book", price: "ten" }),
      row({ id: "2", name: "B", category: "Book", price: "1" }),
      row({ id: "3", name: "", category: "Book", price: "1" }),
      row({ id: "2", name: "C", category: "Book", price: "1" }),
    ].join("\n");
    const report = parseProductsReport(csv);
    expect(report.problems).toEqual([
      { line: 2, column: "price", reason: `${PRICE_CELL_MESSAGE} (found "ten")` },
      { line: 4, column: "name", reason: 'is required (found "")' },
      { line: 5, column: "id", reason: "duplicate id 2" },
    ]);
  });
});

describe("stock", () => {
  it("reads the opening stock, empty for products not counted, and allows no column", () => {
    const [counted, digital] = parseProductsCsv(
      [
        header,
        row({ id: "1", name: "A", category: "Book", price: "1", stock: "12" }),
        row({ id: "2", name: "B", category: "Book", price: "1" }),
      ].join("\n"),
    );
    expect(counted?.stock).toBe(12);
    expect(digital?.stock).toBeUndefined();
    const withoutColumn = PRODUCT_COLUMNS.filter((column) => column !== "stock");
    const [plain] = parseProductsCsv(
      [
        withoutColumn.join(","),
        withoutColumn
          .map(
            (column) =>
              ({ id: "3", name: "C", category: "Book", price: "2" })[column as "id"] ?? "",
          )
          .join(","),
      ].join("\n"),
    );
    expect(plain?.stock).toBeUndefined();
  });

  it("refuses a stock that is not a whole number", () => {
    expect(() =>
      parseProductsCsv(
        [header, row({ id: "1", name: "A", category: "Book", price: "1", stock: "-2" })].join("\n"),
      ),
    ).toThrow(/column "stock": expected a whole number/);
  });
});

describe("ageRestricted", () => {
  const parse = (cell: string) =>
    parseProductsCsv(
      [
        header,
        row({ id: "1", name: "Kit", category: "Cyberware", price: "1", ageRestricted: cell }),
      ].join("\n"),
      "content/products.csv",
    )[0]?.ageRestricted;

  it("is true only where the cell says so, false when empty", () => {
    expect(parse("true")).toBe(true);
    expect(parse(" TRUE ")).toBe(true);
    expect(parse("false")).toBe(false);
    expect(parse("")).toBe(false);
  });

  it("refuses anything else rather than selling a product unrestricted by mistake", () => {
    expect(() => parse("yes")).toThrow(
      'content/products.csv line 2, column "ageRestricted": expected true, false or nothing (found "yes")',
    );
  });

  it("is a column every products file must have", () => {
    const withoutColumn = PRODUCT_COLUMNS.filter((column) => column !== "ageRestricted");
    expect(() => parseProductsCsv(`${withoutColumn.join(",")}\n`, "p.csv")).toThrow(
      'p.csv line 1: missing column "ageRestricted"',
    );
  });
});

describe("a file to import", () => {
  it("reads each row's exported version, none for a row or a file without one", () => {
    const exported = [
      `${header},version`,
      `${row({ id: "1", name: "A", category: "Book", price: "1" })},7`,
      `${row({ id: "2", name: "B", category: "Book", price: "1" })},`,
    ].join("\n");
    expect(parseProductImport(exported).rows.map((product) => product.version)).toEqual([
      7,
      undefined,
    ]);
    const plain = `${header}\n${row({ id: "1", name: "A", category: "Book", price: "1" })}`;
    expect(parseProductImport(plain).rows[0]?.version).toBeUndefined();
    const bad = `${header},version\n${row({ id: "1", name: "A", category: "Book", price: "1" })},0x7`;
    expect(parseProductImport(bad).problems).toEqual([
      {
        line: 2,
        column: "version",
        reason: 'expected the version the export wrote (a whole number), or nothing (found "0x7")',
      },
    ]);
  });
});
