import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminProduct } from "#core/admin/product-admin-schemas.ts";
import { apiAnswers, json } from "#tests/app/fake-fetch.ts";
import AdminProductPage, { CHANGED_MESSAGE, clientAction, clientLoader } from "./product.tsx";
import { fakeLoginToken } from "#tests/app/fake-login.ts";

const book: AdminProduct = {
  id: 1,
  slug: "neural-interfaces-hardback",
  work: "neural-interfaces",
  name: "Neural Interfaces",
  description: "A grounded introduction.",
  category: "Book",
  type: "Hardback",
  priceCents: 8995,
  images: ["/images/neural.webp"],
  isbn: "9780000000001",
  publisher: "Kybernetes",
  language: "English",
  trim: null,
  pageCount: 320,
  publicationDate: "2025-03-01",
  audience: null,
  genre: null,
  sku: null,
  material: null,
  color: null,
  size: null,
  ageRestricted: false,
  digital: false,
  published: true,
  featuredPosition: null,
  retiredAt: null,
  state: "published",
  version: 4,
  stock: 25,
  updatedAt: "2026-11-25T00:00:00.000Z",
  pictureAlts: {},
  files: [],
};

const EBOOK: AdminProduct = {
  ...book,
  id: 2,
  slug: "neural-interfaces-ebook",
  type: "eBook",
  priceCents: 3995,
  digital: true,
  state: "draft",
  stock: null,
};

/** A staff login as the server issues it; the page reads only its expiry. */
let current: AdminProduct;
/** What `?featured=true` answers: the home page's products in order. */
let featuredNow: AdminProduct[] = [];
const sent: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  current = book;
  featuredNow = [];
  localStorage.setItem("authToken", fakeLoginToken("alice"));
  const patch = ({ body }: { body: unknown }) => {
    sent.push({ method: "PATCH", path: "/admin/products/1", body });
    const { version } = body as { version: string };
    if (Number(version) !== current.version) {
      return json(409, {
        error: { code: "product_changed", message: "Changed." },
        product: current,
      });
    }
    current = { ...current, ...(body as object), version: current.version + 1 } as AdminProduct;
    return current;
  };
  const retire = ({ body }: { body: unknown }) => {
    sent.push({ method: "POST", path: "/admin/products/1/retire", body });
    current = { ...current, state: "retired", version: current.version + 1 };
    return current;
  };
  const removeFile = () => {
    sent.push({ method: "DELETE", path: "/admin/products/1/files/7", body: undefined });
    current = { ...current, files: current.files.filter((file) => file.id !== 7) };
    return current;
  };
  vi.spyOn(globalThis, "fetch").mockImplementation(
    apiAnswers({
      "GET /admin/products/1": () => current,
      // Its work's products, for the formats, colours and sizes section.
      "GET /admin/products": ({ url }) => ({
        products:
          url.searchParams.get("featured") === "true"
            ? featuredNow
            : url.searchParams.get("work") === current.work
              ? [current, EBOOK]
              : [],
      }),
      "DELETE /admin/products/1/files/7": removeFile,
      "PATCH /admin/products/1": patch,
      "POST /admin/products/1/retire": retire,
    }),
  );
});

afterEach(() => {
  sent.length = 0;
  localStorage.clear();
  vi.restoreAllMocks();
});

function renderPage() {
  const Stub = createRoutesStub([
    {
      path: "/admin/products/:id",
      Component: AdminProductPage as never,
      loader: (args) => clientLoader(args as never),
      action: (args) => clientAction(args as never),
    },
  ]);
  render(<Stub initialEntries={["/admin/products/1"]} />);
  return userEvent.setup();
}

describe("a product's page in the back office", () => {
  it("lists its work's formats, colours and sizes, each a link, and offers to add one", async () => {
    renderPage();
    const table = await screen.findByRole("table", { name: "Choices of Neural Interfaces" });
    const rows = within(table).getAllByRole("row");
    expect(rows[1]).toHaveTextContent("Hardback (this one)");
    expect(rows[1]).toHaveTextContent("$89.95");
    expect(rows[1]).toHaveTextContent("25");
    expect(within(rows[2]!).getByRole("link", { name: "eBook" })).toHaveAttribute(
      "href",
      "/admin/products/2",
    );
    expect(rows[2]).toHaveTextContent("Not counted");
    expect(rows[2]).toHaveTextContent("Draft");
    expect(screen.getByRole("link", { name: "Add a format, colour or size" })).toHaveAttribute(
      "href",
      "/admin/products/new?from=1",
    );
  });

  it("ticks “Delivered by download” and lists a digital product's files, a sample marked, each removable", async () => {
    current = {
      ...book,
      digital: true,
      files: [
        {
          id: 7,
          format: "pdf",
          fileName: "neural-interfaces-ebook.pdf",
          size: 4797,
          sha256: "ab".repeat(32),
          isSample: true,
          createdAt: "2026-11-25T00:00:00.000Z",
        },
      ],
    };
    const user = renderPage();
    expect(await screen.findByLabelText("Delivered by download (an eBook)")).toBeChecked();
    const files = screen.getByRole("list", { name: "Files" });
    expect(files).toHaveTextContent("PDF neural-interfaces-ebook.pdf · 5 KB · sample");
    await user.click(
      screen.getByRole("button", { name: "Remove the PDF (neural-interfaces-ebook.pdf)" }),
    );
    expect(await screen.findByText("File removed.")).toBeVisible();
    expect(sent).toEqual([
      { method: "DELETE", path: "/admin/products/1/files/7", body: undefined },
    ]);
    expect(await screen.findByText(/No files yet/)).toBeVisible();
  });

  it("has no Files section for a product that is shipped", async () => {
    renderPage();
    expect(await screen.findByLabelText("Delivered by download (an eBook)")).not.toBeChecked();
    expect(screen.queryByRole("heading", { name: "Files" })).toBeNull();
  });

  it("shows a price change before saving, and sends the price in cents with the version", async () => {
    const user = renderPage();
    const price = await screen.findByLabelText("Price (AUD, GST included)");
    expect(price).toHaveValue("89.95");
    await user.clear(price);
    await user.type(price, "79.95");
    expect(price).toHaveAccessibleDescription("Price change: $89.95 → $79.95 (−$10.00)");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/^Saved\./)).toHaveAttribute("role", "status");
    expect(sent[0]?.body).toMatchObject({ version: "4", priceCents: 7995, name: book.name });
    expect(await screen.findByLabelText("Price (AUD, GST included)")).toHaveValue("79.95");
  });

  it("places it on the home page beside what is featured now, and takes it off again", async () => {
    const mug = { ...book, id: 9, name: "Pronunciation Mug", type: "Mug", featuredPosition: 1 };
    featuredNow = [mug, { ...EBOOK, featuredPosition: 2 }];
    const user = renderPage();
    const place = await screen.findByLabelText("Place on the home page");
    expect(place).toHaveValue("");
    expect(place).toHaveAccessibleDescription(
      /1 comes first.*Featured now: 1\. Pronunciation Mug \(Mug\); 2\. Neural Interfaces \(eBook\), not shown until published\./,
    );
    await user.type(place, "2");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/^Saved\./)).toHaveAttribute("role", "status");
    expect(sent[0]?.body).toMatchObject({ version: "4", featuredPosition: "2" });
    expect(await screen.findByLabelText("Place on the home page")).toHaveValue("2");

    await user.clear(screen.getByLabelText("Place on the home page"));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toMatchObject({ version: "5", featuredPosition: "" });
  });

  it("marks a place that is not a whole number beside its field, sending nothing", async () => {
    const user = renderPage();
    const place = await screen.findByLabelText("Place on the home page");
    await user.type(place, "first");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText(/^The place on the home page must be a whole number from 1 to 1000/),
    ).toBeVisible();
    expect(place).toHaveAttribute("aria-invalid", "true");
    expect(sent).toEqual([]);
  });

  it("tells the second of two editors the product changed, and shows it as it is now", async () => {
    const user = renderPage();
    const name = await screen.findByLabelText("Name");
    current = { ...book, name: "Neural Interfaces (2nd edition)", version: 5 };
    await user.type(name, " revised");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(CHANGED_MESSAGE)).toHaveAttribute("role", "alert");
    expect(await screen.findByLabelText("Name")).toHaveValue("Neural Interfaces (2nd edition)");
  });

  it("marks a wrong field beside it, and sends nothing", async () => {
    const user = renderPage();
    const price = await screen.findByLabelText("Price (AUD, GST included)");
    await user.clear(price);
    await user.type(price, "ninety");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("Price must be an amount in dollars, such as 79.95"),
    ).toBeVisible();
    expect(price).toHaveAttribute("aria-invalid", "true");
    expect(sent).toEqual([]);
  });

  it("retires only after a second, explicit press", async () => {
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: "Retire" }));
    expect(sent).toEqual([]);
    const confirm = await screen.findByRole("button", { name: "Yes, retire it" });
    // Focus moves in an effect after the question is drawn.
    await waitFor(() => expect(screen.getByRole("button", { name: "Keep it" })).toHaveFocus());
    await user.click(confirm);
    expect(await screen.findByText(/^Retired: no longer sold/)).toBeVisible();
    expect(sent).toEqual([
      { method: "POST", path: "/admin/products/1/retire", body: { version: "4" } },
    ]);
  });

  it("removes a picture only after a second press; “Keep it” keeps it", async () => {
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: "Remove main picture" }));
    // The only picture has nowhere to move.
    expect(screen.queryByRole("button", { name: /^Move/ })).toBeNull();
    const question = await screen.findByRole("group", { name: /^Remove main picture\?/ });
    expect(question).toHaveTextContent("The shop stops showing it on this product.");
    await waitFor(() => expect(screen.getByRole("button", { name: "Keep it" })).toHaveFocus());
    await user.click(screen.getByRole("button", { name: "Keep it" }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Remove main picture" })).toHaveFocus(),
    );
    expect(sent).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Remove main picture" }));
    await user.click(await screen.findByRole("button", { name: "Yes, remove it" }));
    expect(await screen.findByText("Picture removed.")).toBeVisible();
    expect(sent).toEqual([
      { method: "PATCH", path: "/admin/products/1", body: { version: "4", images: [] } },
    ]);
  });
});
