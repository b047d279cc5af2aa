import { render, screen, within } from "@testing-library/react";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { PageServices } from "#core/pages/page-services.ts";
import { servicesContext } from "#app/load-context.ts";
import { catalogueView, contentProducts } from "#tests/app/catalogue-context.ts";
import Product, { action, loader, meta } from "./product.tsx";

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

/** The page as the server renders it (its stock and Add to Cart: product.scripted.test.tsx). */
function openProduct(slug: string) {
  const Stub = createRoutesStub([
    {
      path: "/products/:slug",
      loader: ({ params }) => load(params.slug ?? ""),
      Component: Product as never,
      HydrateFallback: () => null,
    },
    { path: "/books", Component: () => <h1>All Books</h1> },
  ]);
  render(<Stub initialEntries={[`/products/${slug}`]} />);
  return screen.findByRole("heading", { level: 1, name: NAME });
}

describe("a product's page", () => {
  it("shows the product: pictures, price with GST, formats, fields, crumbs, related", async () => {
    await openProduct(HARDBACK);
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
});

describe("the product page's loader", () => {
  it("finds a product by its slug, in any case, without its opening stock", () => {
    const page = load(EBOOK.toUpperCase());
    expect(page.product).toMatchObject({ id: 2, type: "eBook" });
    expect(page.product).not.toHaveProperty("stock");
    expect(page.options).toEqual([
      expect.objectContaining({
        name: "Format",
        choices: [
          expect.objectContaining({ value: "Hardback", current: false }),
          expect.objectContaining({ value: "eBook", current: true }),
        ],
      }),
    ]);
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

describe("Add to Cart pressed where no script runs", () => {
  const press = (fields: Record<string, string>) => {
    const body = new URLSearchParams(fields);
    return action({
      params: { slug: HARDBACK },
      context: contextWith(),
      request: new Request(`http://site/products/${HARDBACK}`, { method: "POST", body }),
    } as unknown as Parameters<typeof action>[0]);
  };

  it("says the cart needs JavaScript", async () => {
    expect(await press({ id: "1", type: "Hardback" })).toMatchObject({
      data: { needsScript: true },
      init: { status: 400 },
    });
  });

  it("refuses another product's line", async () => {
    await expect(press({ id: "2", type: "eBook" })).rejects.toMatchObject({
      init: { status: 404 },
    });
  });

  it("is a form posting to the page, and its answer is said next to the button", async () => {
    const Stub = createRoutesStub([
      { id: "product", path: "/products/:slug", Component: Product as never },
    ]);
    render(
      <Stub
        initialEntries={[`/products/${HARDBACK}`]}
        hydrationData={{
          loaderData: { product: load(HARDBACK) },
          actionData: { product: { needsScript: true } },
        }}
      />,
    );
    const button = await screen.findByRole("button", { name: /^Add to Cart/ });
    const form = button.closest("form")!;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", `/products/${HARDBACK}`);
    expect(screen.getByRole("alert")).toHaveTextContent(
      `Please turn JavaScript on to add ${NAME} to your cart.`,
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

describe("a product's colours and sizes (issue 37)", () => {
  // As the shop's snapshot says it: the hoodie's XXL is sold out (content/products.csv).
  const soldOut = new Set(["circuit-trace-hoodie-xxl"]);
  const products = contentProducts.map((product) =>
    soldOut.has(product.slug) ? { ...product, unitsLeft: 0 } : product,
  );
  const context = () => {
    const provider = new RouterContextProvider();
    const view = catalogueView(products);
    provider.set(servicesContext, { catalogue: () => view } as unknown as PageServices);
    return provider;
  };

  async function open(slug: string) {
    const Stub = createRoutesStub([
      {
        path: "/products/:slug",
        loader: ({ params }) => load(params.slug ?? "", context()),
        Component: Product as never,
        HydrateFallback: () => null,
      },
    ]);
    const { container } = render(<Stub initialEntries={[`/products/${slug}`]} />);
    await screen.findByRole("heading", { level: 1 });
    return container;
  }

  it("offers each colour and size as a link, marking those not made with the colour chosen", async () => {
    await open("steersman-logo-t-shirt-sand-m");
    expect(screen.getByText("Sand, Size M")).toBeVisible();
    const colours = screen.getByRole("navigation", { name: "Colours" });
    expect(within(colours).getByRole("link", { name: "Charcoal" })).toHaveAttribute(
      "href",
      "/products/steersman-logo-t-shirt-charcoal-m",
    );
    expect(within(colours).getByRole("link", { name: "Sand" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const sizes = screen.getByRole("navigation", { name: "Sizes" });
    expect(within(sizes).getByRole("heading", { name: "Size: M" })).toBeVisible();
    expect(
      within(sizes)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["S", "M", "L", "XL", "XXL"]);
    // Sand stops at L: XL leads to the Charcoal XL, and says why.
    const xl = within(sizes).getByRole("link", { name: "XL" });
    expect(xl).toHaveAttribute("href", "/products/steersman-logo-t-shirt-charcoal-xl");
    expect(xl).toHaveAccessibleDescription("XL and XXL are not made in Sand.");
    expect(
      screen.getByRole("img", { name: "Steersman Logo T-Shirt in Sand, front view" }),
    ).toBeVisible();
  });

  it("strikes a sold-out size through but keeps it a link, and lists each size as an offer", async () => {
    const container = await open("circuit-trace-hoodie-m");
    const sizes = screen.getByRole("navigation", { name: "Sizes" });
    expect(within(sizes).getByRole("link", { name: "XXL (sold out)" })).toHaveAttribute(
      "href",
      "/products/circuit-trace-hoodie-xxl",
    );
    const jsonLd = JSON.parse(
      container.querySelector('script[type="application/ld+json"]')?.textContent ?? "{}",
    ) as {
      "@type": string;
      variesBy: string[];
      hasVariant: { sku: string; size: string; offers: { availability: string; price: string } }[];
    };
    expect(jsonLd["@type"]).toBe("ProductGroup");
    expect(jsonLd.variesBy).toEqual(["https://schema.org/size"]);
    expect(jsonLd.hasVariant.map((variant) => variant.size)).toEqual(["S", "M", "L", "XL", "XXL"]);
    expect(jsonLd.hasVariant.find((variant) => variant.size === "XXL")).toMatchObject({
      sku: "KYB-MR-003-XXL",
      offers: { availability: "https://schema.org/OutOfStock", price: "79.95" },
    });
    expect(jsonLd.hasVariant[0]).toHaveProperty(
      "image",
      expect.stringMatching(/circuit-trace-hoodie-front.svg$/),
    );
  });

  it("sends the work's own address to its first size in stock", () => {
    const answer = thrown(() => load("circuit-trace-hoodie", context()));
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("location")).toBe("/products/circuit-trace-hoodie-s");
  });
});

describe("E-mail me when it's back (issue 37)", () => {
  const XXL = "circuit-trace-hoodie-xxl";
  const asked: { slug: string; email: string }[] = [];
  const press = (fields: Record<string, string>) => {
    const provider = new RouterContextProvider();
    const view = catalogueView(contentProducts);
    provider.set(servicesContext, {
      catalogue: () => view,
      stockAlerts: {
        ask: async (input: { slug: string; email: string }) => {
          asked.push(input);
          return { kind: "saved", token: "t0ken" };
        },
        cancel: async () => true,
      },
    } as unknown as PageServices);
    return action({
      params: { slug: XXL },
      context: provider,
      request: new Request(`http://site/products/${XXL}`, {
        method: "POST",
        body: new URLSearchParams(fields),
      }),
    } as unknown as Parameters<typeof action>[0]);
  };

  it("takes an address checked by the shared schema, and says how to cancel", async () => {
    expect(await press({ intent: "stock-alert", email: "not an address" })).toMatchObject({
      data: { alert: { kind: "refused", message: "Invalid email format" } },
      init: { status: 400 },
    });
    expect(asked).toEqual([]);
    expect(await press({ intent: "stock-alert", email: " Ada@Example.com " })).toMatchObject({
      data: { alert: { kind: "saved", email: "Ada@Example.com", token: "t0ken" } },
    });
    expect(asked).toEqual([{ slug: XXL, email: "Ada@Example.com" }]);
    expect(await press({ intent: "cancel-stock-alert", token: "t0ken" })).toMatchObject({
      data: { alert: { kind: "cancelled" } },
    });
  });

  it("is offered on a sold-out size only, as a form that needs no script", async () => {
    const soldOut = contentProducts.map((product) =>
      product.slug === XXL ? { ...product, unitsLeft: 0 } : product,
    );
    const provider = new RouterContextProvider();
    const view = catalogueView(soldOut);
    provider.set(servicesContext, { catalogue: () => view } as unknown as PageServices);
    const Stub = createRoutesStub([
      {
        path: "/products/:slug",
        loader: ({ params }) => load(params.slug ?? "", provider),
        Component: Product as never,
        HydrateFallback: () => null,
      },
    ]);
    render(<Stub initialEntries={[`/products/${XXL}`]} />);
    const form = await screen.findByRole("form", { name: "E-mail me when it's back" });
    expect(form).toHaveAttribute("method", "post");
    expect(within(form).getByLabelText("Your e-mail")).toHaveAttribute("type", "email");
    expect(within(form).getByRole("button", { name: "E-mail me when it's back" })).toBeVisible();
  });
});
