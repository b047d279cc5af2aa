import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminDiscount, AdminDiscountList } from "#core/admin/discount-admin-schemas.ts";
import type { PickableProduct } from "#app/features/admin/discount-form-data.ts";
import { apiAnswers, json } from "#tests/app/fake-fetch.ts";
import AdminDiscountPage, {
  clientAction as editAction,
  clientLoader as editLoader,
} from "./discount.tsx";
import AdminDiscounts, { clientAction, clientLoader } from "./discounts.tsx";
import { fakeLoginToken } from "#tests/app/fake-login.ts";

const product = (fields: Partial<PickableProduct> & Pick<PickableProduct, "id" | "name">) => ({
  category: "Merchandise",
  type: "Sticker Pack",
  color: null,
  size: null,
  sku: null,
  isbn: null,
  state: "published",
  ...fields,
});

const catalogue = [
  product({ id: 30, name: "Cyborg Sticker Pack", sku: "KYB-MR-001" }),
  product({ id: 28, name: "Circuit Trace Hoodie", type: "Hoodie", size: "M", sku: "KYB-MR-3-M" }),
  product({ id: 29, name: "Circuit Trace Hoodie", type: "Hoodie", size: "L", sku: "KYB-MR-3-L" }),
  product({ id: 1, name: "Neural Interfaces", category: "Book", type: "Hardback", isbn: "978-1" }),
  product({ id: 2, name: "Old Mug", type: "Mug", state: "retired" }),
  product({ id: 3, name: "Gone Mug", type: "Mug", state: "retired" }),
  product({ id: 4, name: "Next Mug", type: "Mug", state: "draft" }),
];

const code = (id: number, fields: Partial<AdminDiscount> = {}): AdminDiscount => ({
  id,
  code: `CODE${id}`,
  kind: "percentage",
  value: 10,
  minSpendCents: 0,
  startsAt: null,
  endsAt: null,
  totalLimit: null,
  perBuyerLimit: null,
  used: 0,
  scope: "all",
  category: null,
  productIds: [],
  active: true,
  state: "active",
  version: 1,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
  ...fields,
});

const sent: { method: string; body: unknown }[] = [];
const pagesAsked: (string | null)[] = [];
let refuse: Record<string, string> | undefined;

beforeEach(() => {
  localStorage.setItem("authToken", fakeLoginToken("alice"));
  const write = (method: string) => (request: { body: unknown }) => {
    sent.push({ method, body: request.body });
    if (refuse) {
      return json(400, {
        error: { code: "invalid_input", message: "Please check the products.", fields: refuse },
      });
    }
    return code(99, request.body as Partial<AdminDiscount>);
  };
  vi.spyOn(globalThis, "fetch").mockImplementation(
    apiAnswers({
      "GET /admin/products": () => ({ products: catalogue }),
      "GET /admin/discounts": ({ url }): AdminDiscountList => {
        pagesAsked.push(url.searchParams.get("page"));
        const page = Number(url.searchParams.get("page") ?? 1);
        return {
          discounts: [
            code(60 - page, { scope: "products", productIds: [28, 30] }),
            code(10 - page, { scope: "products", productIds: [28, 29, 30, 1] }),
          ],
          total: 52,
          page,
          pages: 2,
        };
      },
      "GET /admin/discounts/7": () =>
        code(7, { scope: "products", productIds: [29, 2], version: 4 }),
      "POST /admin/discounts": write("POST"),
      "PUT /admin/discounts/7": write("PUT"),
    }),
  );
});

afterEach(() => {
  sent.length = 0;
  pagesAsked.length = 0;
  refuse = undefined;
  localStorage.clear();
  vi.restoreAllMocks();
});

function renderAt(url: string) {
  const Stub = createRoutesStub([
    {
      path: "/admin/discounts",
      Component: AdminDiscounts as never,
      loader: (args) => clientLoader(args as never),
      action: (args) => clientAction(args as never),
      HydrateFallback: () => null,
    },
    {
      path: "/admin/discounts/:id",
      Component: AdminDiscountPage as never,
      loader: (args) => editLoader(args as never),
      action: (args) => editAction(args as never),
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={[url]} />);
  return userEvent.setup();
}

const picker = () => screen.getByRole("group", { name: "Chosen products" });

describe("discount codes in the back office (issue 39)", () => {
  it("chooses products by name and SKU, grouped by shop, and sends their ids", async () => {
    const user = renderAt("/admin/discounts");
    await screen.findByRole("heading", { name: "Discount codes" });
    expect(picker()).toHaveAccessibleDescription(/tick each one the code is for/);
    await user.click(screen.getByText("Book: 1 product"));
    const books = within(picker()).getByRole("group", { name: "Book" });
    expect(
      within(books)
        .getAllByRole("checkbox")
        .map((box) => box.closest("li")?.textContent),
    ).toEqual(["Neural Interfaces — Hardback · ISBN 978-1"]);
    const merchandise = within(picker()).getByRole("group", { name: "Merchandise" });
    expect(
      within(merchandise)
        .getAllByRole("checkbox")
        .map((box) => box.closest("li")?.textContent),
    ).toEqual([
      "Circuit Trace Hoodie — size M · SKU KYB-MR-3-M",
      "Circuit Trace Hoodie — size L · SKU KYB-MR-3-L",
      "Cyborg Sticker Pack — SKU KYB-MR-001",
      "Next Mug — (draft)",
    ]);
    expect(within(picker()).queryAllByRole("checkbox", { checked: true })).toEqual([]);

    await user.type(screen.getByLabelText("Code", { exact: true }), "HOODIES");
    await user.type(screen.getByLabelText("Value"), "15");
    await user.selectOptions(screen.getByLabelText("For"), "products");
    await user.click(screen.getByRole("checkbox", { name: /size L · SKU KYB-MR-3-L/ }));
    await user.click(screen.getByRole("checkbox", { name: /Cyborg Sticker Pack/ }));
    expect(screen.getByText("Merchandise: 4 products, 2 chosen")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Make the code" }));
    expect(await screen.findByText("Code HOODIES is made.")).toBeVisible();
    expect(sent).toEqual([
      {
        method: "POST",
        body: expect.objectContaining({ code: "HOODIES", scope: "products", productIds: [29, 30] }),
      },
    ]);
    // Typed key by key: on a busy two-core machine this takes more than the default 5 s.
  }, 15_000);

  it("finds products by what staff type, and keeps a ticked one chosen while it is filtered out", async () => {
    const user = renderAt("/admin/discounts");
    const find = await screen.findByRole("searchbox", { name: "Find a product" });
    const visibleBoxes = () =>
      within(picker())
        .queryAllByRole("checkbox")
        .map((box) => box.closest("li")?.textContent);
    await user.type(find, "kyb-mr-3");
    expect(find).toHaveAccessibleDescription("2 products match");
    expect(visibleBoxes()).toEqual([
      "Circuit Trace Hoodie — size M · SKU KYB-MR-3-M",
      "Circuit Trace Hoodie — size L · SKU KYB-MR-3-L",
    ]);
    expect(screen.getByText(/^Book:/)).not.toBeVisible();
    await user.click(screen.getByRole("checkbox", { name: /size L · SKU KYB-MR-3-L/ }));
    // Enter in the search field does not send the form.
    await user.type(find, "{Enter}");
    expect(sent).toEqual([]);

    await user.clear(find);
    await user.type(find, "no such thing");
    expect(find).toHaveAccessibleDescription("No product matches. Ticked products stay chosen.");
    expect(visibleBoxes()).toEqual([]);

    await user.type(screen.getByLabelText("Code", { exact: true }), "LARGE");
    await user.type(screen.getByLabelText("Value"), "10");
    await user.selectOptions(screen.getByLabelText("For"), "products");
    await user.click(screen.getByRole("button", { name: "Make the code" }));
    expect(await screen.findByText("Code LARGE is made.")).toBeVisible();
    expect(sent).toEqual([
      {
        method: "POST",
        body: expect.objectContaining({ code: "LARGE", productIds: [29] }),
      },
    ]);
  }, 15_000);

  it("shows the server's refusal beside the products, with the ones ticked still ticked", async () => {
    refuse = { productIds: "There is no product with the id 30" };
    const user = renderAt("/admin/discounts");
    await user.type(await screen.findByLabelText("Code", { exact: true }), "STICKERS");
    await user.type(screen.getByLabelText("Value"), "15");
    await user.selectOptions(screen.getByLabelText("For"), "products");
    await user.click(screen.getByRole("checkbox", { name: /Cyborg Sticker Pack/ }));
    await user.click(screen.getByRole("button", { name: "Make the code" }));
    expect(await screen.findByText("Please check the products.")).toBeVisible();
    expect(picker()).toHaveAccessibleDescription(/There is no product with the id 30/);
    expect(screen.getByRole("checkbox", { name: /Cyborg Sticker Pack/ })).toBeChecked();
  });

  it("lists codes with their products' names, a page at a time", async () => {
    const user = renderAt("/admin/discounts");
    const table = await screen.findByRole("table", { name: /page 1 of 2/ });
    expect(within(table).getByRole("row", { name: /CODE59/ })).toHaveTextContent(
      "Circuit Trace Hoodie (size M · SKU KYB-MR-3-M); Cyborg Sticker Pack (SKU KYB-MR-001)",
    );
    expect(within(table).getByRole("row", { name: /CODE9/ })).toHaveTextContent(
      "Circuit Trace Hoodie (size M · SKU KYB-MR-3-M); Circuit Trace Hoodie (size L · SKU KYB-MR-3-L) and 2 more products",
    );
    const pages = screen.getByRole("navigation", { name: "Pages of codes" });
    expect(within(pages).queryByRole("link", { name: /Newer/ })).toBeNull();
    await user.click(within(pages).getByRole("link", { name: "Older codes →" }));
    expect(await screen.findByRole("table", { name: /page 2 of 2/ })).toBeVisible();
    expect(screen.getByRole("link", { name: "CODE58" })).toBeVisible();
    expect(pagesAsked).toEqual([null, "2"]);
    expect(screen.getByRole("link", { name: "← Newer codes" })).toHaveAttribute(
      "href",
      "/admin/discounts?page=1",
    );
  });

  it("edits a code with its products ticked, a retired one only while it is chosen", async () => {
    const user = renderAt("/admin/discounts/7");
    await screen.findByRole("heading", { name: "Discount code CODE7" });
    expect(within(picker()).getAllByRole("checkbox", { checked: true })).toEqual([
      screen.getByRole("checkbox", { name: /size L · SKU KYB-MR-3-L/ }),
      screen.getByRole("checkbox", { name: "Old Mug — (retired)" }),
    ]);
    expect(screen.queryByRole("checkbox", { name: /Gone Mug/ })).toBeNull();
    await user.click(screen.getByRole("checkbox", { name: "Old Mug — (retired)" }));
    await user.click(screen.getByText("Book: 1 product"));
    await user.click(screen.getByRole("checkbox", { name: /Neural Interfaces/ }));
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Saved.")).toBeVisible();
    expect(sent).toEqual([
      {
        method: "PUT",
        body: expect.objectContaining({ scope: "products", productIds: [1, 29], version: 4 }),
      },
    ]);
  });

  it("keeps a shop's group open, and the focus in it, when its last box is unticked", async () => {
    const user = renderAt("/admin/discounts/7");
    await screen.findByRole("heading", { name: "Discount code CODE7" });
    const sizeL = screen.getByRole("checkbox", { name: /size L · SKU KYB-MR-3-L/ });
    const group = sizeL.closest("details");
    await user.click(screen.getByRole("checkbox", { name: "Old Mug — (retired)" }));
    await user.click(sizeL);
    expect(within(picker()).queryAllByRole("checkbox", { checked: true })).toEqual([]);
    expect(group).toHaveAttribute("open");
    expect(sizeL).toHaveFocus();
  });
});
