import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StockLevels } from "#core/orders/availability.ts";
import type { PageServices } from "#core/pages/page-services.ts";
import { fetchStockLevels } from "#app/features/shop/fetch-stock-levels.ts";
import { servicesContext } from "#app/load-context.ts";
import { catalogueView, contentProducts } from "#tests/app/catalogue-context.ts";
import Product, { action, clientLoader, loader, meta } from "./product.tsx";

vi.mock("#app/features/shop/fetch-stock-levels.ts", () => ({ fetchStockLevels: vi.fn() }));
const askStock = vi.mocked(fetchStockLevels);

afterEach(() => {
  vi.resetAllMocks();
});

const HARDBACK = "neural-interfaces-from-electrode-to-algorithm-hardback"; // id 1
const EBOOK = "neural-interfaces-from-electrode-to-algorithm-ebook"; // id 2
const NAME = "Neural Interfaces: From Electrode to Algorithm";

/** The catalogue as the server holds it, with `moved` old slugs of renamed products. */
function contextWith(moved: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  const view = catalogueView(contentProducts, new Map(Object.entries(moved)));
  context.set(servicesContext, { catalogue: () => view } as unknown as PageServices);
  return context;
}

type LoaderArgs = Parameters<typeof loader>[0];
type ClientLoaderArgs = Parameters<typeof clientLoader>[0];

const load = (slug: string, context = contextWith()) =>
  loader({ params: { slug }, context } as unknown as LoaderArgs);

/** What a loader threw (a redirect or a 404 answer). */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

function openProduct(slug: string, stock: () => Promise<StockLevels>) {
  askStock.mockImplementation(stock);
  const Stub = createRoutesStub([
    {
      path: "/products/:slug",
      loader: ({ params }) =>
        clientLoader({
          serverLoader: () => Promise.resolve(load(params.slug ?? "")),
        } as unknown as ClientLoaderArgs),
      Component: Product as never,
      HydrateFallback: () => null,
    },
    { path: "/books", Component: () => <h1>All Books</h1> },
  ]);
  render(<Stub initialEntries={[`/products/${slug}`]} />);
  return screen.findByRole("heading", { level: 1, name: NAME });
}

describe("a product's page", () => {
  it("shows the product: pictures, price with GST, stock, formats, fields, crumbs, related", async () => {
    await openProduct(HARDBACK, () => Promise.resolve({ 1: 3, 2: 0 }));
    const cover = screen.getByRole("img", {
      name: "Cover of Neural Interfaces: From Electrode to Algorithm, hardback edition",
    });
    expect(cover).toHaveAttribute("width", "640");
    expect(cover).toHaveAttribute("height", "480");
    expect(cover).toHaveAttribute("fetchpriority", "high");
    // A picture opens at full size: a link to its own file, named by its description.
    expect(
      screen.getByRole("link", { name: /^Cover of Neural Interfaces.* \(full size\)$/ }),
    ).toHaveAttribute("href", cover.getAttribute("src"));
    expect(screen.getByText("GST included").parentElement).toHaveTextContent(
      "$89.95 AUD GST included",
    );
    await waitFor(() => expect(screen.getByText("Only 3 left")).toBeInTheDocument());

    const formats = screen.getByRole("navigation", { name: "Formats" });
    expect(within(formats).getByRole("link", { name: /Hardback/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(formats).getByRole("link", { name: /eBook/ })).toHaveAttribute(
      "href",
      `/products/${EBOOK}`,
    );

    const details = screen.getByRole("region", { name: "Details" });
    for (const [term, value] of [
      ["Category", "Book"],
      ["Type", "Hardback"],
      ["ISBN", "978-0-6489217-0-7"],
      ["Publisher", "Kybernetes Press"],
      ["Language", "English"],
      ["Trim size", "178 x 254 mm"],
      ["Page count", "412"],
      ["Publication date", "14 August 2023"],
      ["Audience", "Undergraduate students"],
      ["Genre", "Biomedical Engineering"],
    ] as const) {
      expect(within(details).getByText(term).nextElementSibling).toHaveTextContent(value);
    }

    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(
      within(crumbs)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Home", "Books", NAME]);

    const related = screen.getByRole("region", { name: "Related products" });
    const links = within(related).getAllByRole("link");
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThanOrEqual(4);
    for (const link of links) {
      expect(link).toHaveAttribute("href", expect.stringMatching(/^\/products\/[a-z0-9-]+$/));
      // Another work: never a format of this book.
      expect(link).not.toHaveTextContent(NAME);
    }
  });

  it("adds the product to the cart, and disables Add to Cart when none are left", async () => {
    const user = userEvent.setup();
    await openProduct(HARDBACK, () => Promise.resolve({ 1: 5 }));
    await user.click(screen.getByRole("button", { name: /^Add to Cart: Neural Interfaces/ }));
    expect(screen.getByRole("status")).toHaveTextContent("Added to Cart!");
    expect(JSON.parse(localStorage.getItem("cart") ?? "[]")).toEqual([
      expect.objectContaining({ id: 1, quantity: 1 }),
    ]);
  });

  it("says a product is out of stock and disables its Add to Cart", async () => {
    await openProduct(HARDBACK, () => Promise.resolve({ 1: 0 }));
    await waitFor(() => expect(screen.getByText("Out of stock")).toBeInTheDocument());
    const button = screen.getByRole("button", { name: /^Add to Cart/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription("Out of stock");
  });
});

describe("the product page's loader", () => {
  it("finds a product by its slug, in any case, without its opening stock", () => {
    const page = load(EBOOK.toUpperCase());
    expect(page.product).toMatchObject({ id: 2, type: "eBook" });
    expect(page.product).not.toHaveProperty("stock");
    expect(page.formats.map((format) => format.type)).toEqual(["Hardback", "eBook"]);
  });

  it("sends a renamed product's old slug to its page now with a 301", () => {
    const answer = thrown(() =>
      load("neural-interfaces", contextWith({ "neural-interfaces": HARDBACK })),
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(301);
    expect((answer as Response).headers.get("location")).toBe(`/products/${HARDBACK}`);
  });

  it("answers 404 for a slug no product has", () => {
    const answer = thrown(() => load("no-such-book"));
    expect(answer).toMatchObject({ init: { status: 404 } });
  });
});

describe("Add to Cart pressed before the page hydrated", () => {
  const press = (fields: Record<string, string>) => {
    const body = new URLSearchParams(fields);
    return action({
      params: { slug: HARDBACK },
      context: contextWith(),
      request: new Request(`http://site/products/${HARDBACK}`, { method: "POST", body }),
    } as unknown as Parameters<typeof action>[0]);
  };

  it("answers with the line the page adds to the cart this browser keeps", async () => {
    expect(await press({ id: "1", type: "Hardback", cart: "[]" })).toEqual({
      added: { id: 1, type: "Hardback" },
    });
  });

  it("says the cart needs JavaScript where no script filled the form", async () => {
    expect(await press({ id: "1", type: "Hardback", cart: "" })).toMatchObject({
      data: { needsScript: true },
      init: { status: 400 },
    });
  });

  it("refuses another product's line", async () => {
    await expect(press({ id: "2", type: "eBook", cart: "[]" })).rejects.toMatchObject({
      init: { status: 404 },
    });
  });

  it("is a form posting to the page, and the answered line goes into the cart once", async () => {
    // The page as the server answered the press: its action's answer in the hydration data.
    const Stub = createRoutesStub([
      { id: "product", path: "/products/:slug", Component: Product as never },
    ]);
    render(
      <Stub
        initialEntries={[`/products/${HARDBACK}`]}
        hydrationData={{
          loaderData: { product: load(HARDBACK) },
          actionData: { product: { added: { id: 1, type: "Hardback" } } },
        }}
      />,
    );
    const button = await screen.findByRole("button", { name: /^Add to Cart/ });
    const form = button.closest("form")!;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", `/products/${HARDBACK}`);
    expect(form.querySelector("input[name=cart]")).toHaveAttribute("data-stored", "cart");
    expect(within(form).getByRole("status")).toHaveTextContent("Added to Cart!");
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem("cart") ?? "[]")).toEqual([
        expect.objectContaining({ id: 1, type: "Hardback", quantity: 1 }),
      ]),
    );
  });
});

describe("the product page's tags", () => {
  it("give its canonical address, its picture to share and its price", () => {
    const page = load(HARDBACK);
    const tags = meta({
      loaderData: page,
      location: { pathname: `/products/${HARDBACK}` },
    } as unknown as Parameters<typeof meta>[0]) as Record<string, string>[];
    const content = (key: string) =>
      tags.find(
        (tag) => ("property" in tag && tag.property === key) || ("name" in tag && tag.name === key),
      )?.content;
    const canonical = tags.find((tag) => "rel" in tag && tag.rel === "canonical");
    expect(canonical).toMatchObject({
      href: expect.stringMatching(new RegExp(`/products/${HARDBACK}$`)),
    });
    expect(content("og:type")).toBe("product");
    // A JPEG made from the first picture (networks preview no SVG), at the size cards show.
    expect(content("og:image")).toMatch(new RegExp(`/pictures/sharing/${HARDBACK}\\.jpg$`));
    expect(content("og:image:width")).toBe("1200");
    expect(content("og:image:height")).toBe("630");
    expect(content("twitter:image")).toBe(content("og:image"));
    expect(content("og:image:alt")).toContain("Cover of Neural Interfaces");
    expect(content("product:price:amount")).toBe("89.95");
  });
});
