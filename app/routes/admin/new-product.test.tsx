import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminProduct } from "#core/admin/product-admin-schemas.ts";
import { apiAnswers } from "#tests/app/fake-fetch.ts";
import AdminNewProduct, { clientAction, clientLoader } from "./new-product.tsx";
import { fakeLoginToken } from "#tests/app/fake-login.ts";

const hoodie: AdminProduct = {
  id: 28,
  slug: "circuit-trace-hoodie-m",
  work: "circuit-trace-hoodie",
  name: "Circuit Trace Hoodie",
  description: "A brushed-fleece pullover hoodie.",
  category: "Merchandise",
  type: "Hoodie",
  priceCents: 7995,
  images: ["/images/products/circuit-trace-hoodie-front.svg"],
  isbn: null,
  publisher: null,
  language: null,
  trim: null,
  pageCount: null,
  publicationDate: null,
  audience: null,
  genre: null,
  sku: "KYB-MR-003-M",
  material: "80% organic cotton, 20% recycled polyester",
  color: "Teal",
  size: "M",
  ageRestricted: false,
  digital: false,
  published: true,
  featuredPosition: null,
  retiredAt: null,
  state: "published",
  version: 3,
  stock: 3,
  updatedAt: "2026-11-25T00:00:00.000Z",
  pictureAlts: {},
  files: [],
};

const created: unknown[] = [];

beforeEach(() => {
  localStorage.setItem("authToken", fakeLoginToken("alice"));
  vi.spyOn(globalThis, "fetch").mockImplementation(
    apiAnswers({
      "GET /admin/products/28": () => hoodie,
      // What the home page features now, beside the form's place for it.
      "GET /admin/products": ({ url }) => ({
        products:
          url.searchParams.get("featured") === "true" ? [{ ...hoodie, featuredPosition: 1 }] : [],
      }),
      "POST /admin/products": ({ body }) => {
        created.push(body);
        return { ...hoodie, id: 49, ...(body as object) };
      },
    }),
  );
});

afterEach(() => {
  created.length = 0;
  localStorage.clear();
  vi.restoreAllMocks();
});

function renderAt(url: string) {
  const Stub = createRoutesStub([
    {
      path: "/admin/products/new",
      Component: AdminNewProduct as never,
      loader: (args) => clientLoader(args as never),
      action: (args) => clientAction(args as never),
    },
    { path: "/admin/products/:id", Component: () => <h1>Saved product</h1> },
  ]);
  render(<Stub initialEntries={[url]} />);
  return userEvent.setup();
}

describe("a new format, colour or size of a product (issue 37)", () => {
  it("starts as a copy in the same work; staff change the size, SKU and stock", async () => {
    const user = renderAt("/admin/products/new?from=28");
    expect(
      await screen.findByRole("heading", {
        name: "New format, colour or size of Circuit Trace Hoodie",
      }),
    ).toBeVisible();
    expect(screen.getByLabelText("Name")).toHaveValue("Circuit Trace Hoodie");
    expect(screen.getByLabelText("Work")).toHaveValue("circuit-trace-hoodie");
    expect(screen.getByLabelText("Colour")).toHaveValue("Teal");
    // A copy never takes the other product's address.
    expect(screen.getByLabelText("Slug")).toHaveValue("");
    expect(screen.getByLabelText("SKU")).toHaveValue("");

    await user.clear(screen.getByLabelText("Size"));
    await user.type(screen.getByLabelText("Size"), "3XL");
    await user.type(screen.getByLabelText("SKU"), "KYB-MR-003-3XL");
    await user.type(screen.getByLabelText("Opening stock"), "4");
    // A copy is not featured until staff say so.
    const place = screen.getByLabelText("Place on the home page");
    expect(place).toHaveValue("");
    expect(place).toHaveAccessibleDescription(/Featured now: 1\. Circuit Trace Hoodie \(/);
    await user.click(screen.getByRole("button", { name: "Create product" }));

    expect(await screen.findByRole("heading", { name: "Saved product" })).toBeVisible();
    expect(created).toEqual([
      expect.objectContaining({
        name: "Circuit Trace Hoodie",
        work: "circuit-trace-hoodie",
        type: "Hoodie",
        color: "Teal",
        size: "3XL",
        sku: "KYB-MR-003-3XL",
        priceCents: 7995,
        stock: "4",
        featuredPosition: "",
      }),
    ]);
  });

  it("is an empty form without a product to copy", async () => {
    renderAt("/admin/products/new?from=999");
    expect(await screen.findByRole("heading", { name: "New product" })).toBeVisible();
    expect(screen.getByLabelText("Name")).toHaveValue("");
  });
});
