import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminProduct } from "#core/admin/product-admin-schemas.ts";
import type { ImportSummary } from "#core/admin/product-import-schemas.ts";
import { json } from "#tests/app/fake-fetch.ts";
import AdminProducts, { clientAction, clientLoader } from "./products.tsx";
import { fakeLoginToken } from "#tests/app/fake-login.ts";

const product = (id: number, overrides: Partial<AdminProduct>) =>
  ({
    id,
    name: `Product ${id}`,
    category: "Book",
    type: "Paperback",
    priceCents: 2299,
    state: "published",
    stock: 20,
    version: 1,
    ...overrides,
  }) as AdminProduct;

const products = [
  product(7, { name: "Salt Water Circuit" }),
  product(8, { name: "Salt Water Circuit", type: "eBook", stock: null, priceCents: 1299 }),
  product(26, { name: "Steersman Logo T-Shirt", category: "Merchandise", state: "draft" }),
];

const summary: ImportSummary = {
  dryRun: true,
  created: [],
  updated: [
    {
      line: 2,
      id: 7,
      name: "Salt Water Circuit",
      changes: { priceCents: { before: 2299, after: 1999 } },
      picturesKept: [],
      versionChecked: true,
    },
  ],
  conflicts: [],
  warnings: [],
  unchanged: 29,
  notInFile: [],
  message: "1 product would change.",
};

/** Line 3 changes product 8, which gained a picture in the shop after the export. */
const conflict: ImportSummary["conflicts"][number] = {
  line: 3,
  id: 8,
  name: "Salt Water Circuit",
  changes: { priceCents: { before: 1299, after: 0 } },
  picturesKept: ["/pictures/41-1280.webp"],
  fileVersion: 2,
  currentVersion: 3,
  changedAt: "2026-03-02T23:04:00.000Z",
  lastChange: { by: "bob", action: "product.picture_add", at: "2026-03-02T23:04:00.000Z" },
  overridden: false,
};
const conflicting: ImportSummary = {
  ...summary,
  conflicts: [conflict],
  warnings: [
    {
      line: 3,
      id: 8,
      name: "Salt Water Circuit",
      column: "price",
      message: "$12.99 → $0.00 (−$12.99). The product would be free: check it before applying.",
    },
  ],
  message: "1 row changes a product changed in the shop since the file was exported.",
};

const calls: { url: string; body: unknown }[] = [];

beforeEach(() => {
  localStorage.setItem("authToken", fakeLoginToken("alice"));
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    calls.push({ url, body: init?.body });
    if (url.startsWith("/api/admin/products/import")) {
      if (String(init?.body).includes("version")) {
        const overridden = new URL(url, "http://shop").searchParams.get("override") === "3:3";
        if (url.includes("dryRun=false") && !overridden) {
          return json(409, {
            error: { code: "import_conflict", message: "Nothing was imported: a row changes…" },
            summary: conflicting,
          });
        }
        const answered = { ...conflicting, conflicts: [{ ...conflict, overridden }] };
        return json(200, { ...answered, dryRun: url.includes("dryRun=true") });
      }
      if (String(init?.body).includes("abc")) {
        return json(400, {
          error: { code: "invalid_csv", message: "The file has a problem; nothing was imported." },
          problems: [{ line: 2, column: "price", reason: "Price must be a number" }],
        });
      }
      return json(200, { ...summary, dryRun: url.endsWith("dryRun=true") });
    }
    if (url.startsWith("/api/admin/products")) return json(200, { products });
    return json(404, { error: { code: "not_found", message: "Not found" } });
  });
});

afterEach(() => {
  calls.length = 0;
  localStorage.clear();
  vi.restoreAllMocks();
});

function renderPage(address = "/admin/products") {
  const Stub = createRoutesStub([
    {
      path: "/admin/products",
      Component: AdminProducts as never,
      loader: (args) => clientLoader(args as never),
      action: (args) => clientAction(args as never),
    },
  ]);
  render(<Stub initialEntries={[address]} />);
  return userEvent.setup();
}

describe("the back office's products", () => {
  it("lists every product with its format, category, price, state and stock", async () => {
    renderPage();
    const table = await screen.findByRole("table", { name: "Every product" });
    const ebook = within(table).getAllByRole("row")[2] as HTMLElement;
    expect(within(ebook).getByRole("link", { name: "Salt Water Circuit" })).toHaveAttribute(
      "href",
      "/admin/products/8",
    );
    expect(ebook).toHaveTextContent(/eBook.*Book.*\$12\.99.*Published.*Not counted/);
    expect(within(table).getByRole("row", { name: /T-Shirt/ })).toHaveTextContent("Draft");
    expect(screen.getByRole("link", { name: "New product" })).toHaveAttribute(
      "href",
      "/admin/products/new",
    );
  });

  it("asks the API for what the address's search and filters say", async () => {
    renderPage("/admin/products?q=salt&category=Book&state=");
    await screen.findByRole("table", { name: /matching your search/ });
    expect(calls.map((call) => call.url)).toContain("/api/admin/products?q=salt&category=Book");
    expect(screen.getByRole("searchbox", { name: "Name, SKU or ISBN" })).toHaveValue("salt");
    expect(screen.getByRole("combobox", { name: "Category" })).toHaveValue("Book");
  });

  it("lists only the home page's products, in its order, when asked", async () => {
    renderPage("/admin/products?featured=true");
    await screen.findByRole("table", { name: /matching your search/ });
    expect(calls.map((call) => call.url)).toContain("/api/admin/products?featured=true");
    expect(screen.getByRole("checkbox", { name: /Featured only, in order/ })).toBeChecked();
    expect(screen.getByRole("columnheader", { name: "Home page" })).toBeVisible();
  });

  it("checks a file first, then applies the same file", async () => {
    const user = renderPage();
    const csv = "id,name\n7,Salt Water Circuit";
    await user.type(await screen.findByLabelText("Or paste the CSV"), csv);
    await user.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByText("Price: $22.99 → $19.99")).toBeVisible();
    expect(screen.getByText("29 unchanged")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Apply 1 change" }));
    await screen.findByRole("heading", { name: "Imported" });
    const imports = calls.filter((call) => call.url.includes("/import"));
    expect(imports.map((call) => call.url)).toEqual([
      "/api/admin/products/import?dryRun=true",
      "/api/admin/products/import?dryRun=false",
    ]);
    expect(imports[1]?.body).toBe(imports[0]?.body);
  });

  it("lists rows changed since the export with a choice each, applying only the rows ticked", async () => {
    const user = renderPage();
    await user.type(await screen.findByLabelText("Or paste the CSV"), "id,name,version\n8,x,2");
    await user.click(screen.getByRole("button", { name: "Check" }));
    const table = await screen.findByRole("table", { name: "Changed since the file was exported" });
    const row = within(table).getByRole("row", { name: /product 8/ });
    expect(row).toHaveTextContent("Version 2 in the file, 3 now");
    expect(row).toHaveTextContent("Added a picture by bob");
    expect(row).toHaveTextContent("Kept, though the file leaves it out: /pictures/41-1280.webp");
    expect(screen.getByText(/The product would be free: check it before applying/)).toBeVisible();

    // Left unticked: refused, nothing applied, the same choice asked again.
    await user.click(screen.getByRole("button", { name: "Apply 1 change" }));
    expect(await screen.findByText(/Nothing was imported/)).toHaveAttribute("role", "alert");
    const box = screen.getByRole("checkbox", {
      name: "Use the file's version of line 3, Salt Water Circuit",
    });
    expect(box).not.toBeChecked();

    await user.click(box);
    await user.click(screen.getByRole("button", { name: "Apply 1 change" }));
    await screen.findByRole("heading", { name: "Imported" });
    const applies = calls.filter((call) => call.url.includes("dryRun=false"));
    expect(applies.map((call) => call.url)).toEqual([
      "/api/admin/products/import?dryRun=false",
      "/api/admin/products/import?dryRun=false&override=3%3A3",
    ]);
  });

  it("shows a bad file's rows with their line, column and reason", async () => {
    const user = renderPage();
    await user.type(await screen.findByLabelText("Or paste the CSV"), "id,price\n1,abc");
    await user.click(screen.getByRole("button", { name: "Check" }));
    const problems = await screen.findByRole("table", { name: "Problems in the file" });
    expect(within(problems).getAllByRole("row")[1]).toHaveTextContent(
      /2\s*price\s*Price must be a number/,
    );
  });
});
