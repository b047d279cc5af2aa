import { withSlugs } from "#core/catalog/shop-product.ts";
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Product } from "#core/catalog/product.ts";
import { RouterContextProvider } from "react-router";
import type { PageServices } from "#core/pages/page-services.ts";
import { pageContext } from "#app/load-context.ts";
import { createSearchEngine } from "#core/search/search-engine.ts";
import { catalogueContext, catalogueView } from "#tests/app/catalogue-context.ts";
import Search, { action, ErrorBoundary, loader, SEARCH_UNAVAILABLE } from "./search.tsx";

const products: Product[] = [
  {
    id: 1,
    name: "Magnet Implant Kit",
    description: "A sterile kit",
    category: "Cyberware",
    type: "Kit",
    priceCents: 12000,
    images: [],
    ageRestricted: false,
  },
  {
    id: 2,
    name: "Mug",
    description: "Ceramic",
    category: "Merchandise",
    type: "Mug",
    priceCents: 2000,
    images: [],
    ageRestricted: false,
  },
];
const shown = withSlugs(products);
const search = createSearchEngine(shown, [
  { kind: "page", title: "Events", path: "/events", text: "Magnet meetups" },
  {
    kind: "glossary",
    title: "Magnet",
    path: "/terminologies?letter=M#term-magnet",
    text: "<b>A</b> magnet.",
  },
]);

const view = catalogueView(shown);
const services = { search, catalogue: () => view } as unknown as PageServices;
const run = (url: string, context = pageContext({ services })) =>
  loader({
    request: new Request(`http://site${url}`),
    url: new URL(`http://site${url}`),
    context,
  } as unknown as Parameters<typeof loader>[0]);

describe("/search's loader", () => {
  it("answers from the engine the server hands it", () => {
    const data = run("/search?q=magnet&scope=all");
    expect(data).toMatchObject({ request: { q: "magnet", scope: "all" } });
    expect("response" in data && data.response?.products.map((each) => each.name)).toEqual([
      "Magnet Implant Kit",
    ]);
  });

  it("asks for a query when there is none, and refuses one that is too long", () => {
    expect(run("/search")).toEqual({ request: { q: "", scope: "all" } });
    expect(run(`/search?q=${"a".repeat(201)}`)).toMatchObject({
      invalid: "Search text must be at most 200 characters",
    });
  });

  it("fails loudly if the server gave it no services", () => {
    expect(() => run("/search?q=magnet", new RouterContextProvider())).toThrow();
  });
});

describe("/search", () => {
  it("shows the results with Add to Cart on each product", async () => {
    const Stub = createRoutesStub([
      { path: "/search", Component: Search, loader: () => run("/search?q=magnet&scope=shop") },
    ]);
    render(<Stub initialEntries={["/search?q=magnet&scope=shop"]} />);
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent(
      "Search results for magnet",
    );
    const button = screen.getByRole("button", { name: "Add to Cart: Magnet Implant Kit (Kit)" });
    expect(button).toBeVisible();
    // Without any script the press reaches this page's action, filters and all.
    expect(button.closest("form")).toHaveAttribute("action", "/search?q=magnet&scope=shop");
    expect(screen.queryByRole("region", { name: "Pages" })).toBeNull();
  });
});

describe("/search when the search cannot answer", () => {
  it("says so in an alert, under the page's heading", async () => {
    const Stub = createRoutesStub([
      {
        path: "/search",
        Component: Search,
        ErrorBoundary,
        loader: () => {
          throw new Error("the index is not ready");
        },
      },
    ]);
    render(<Stub initialEntries={["/search?q=cyborg"]} />);
    expect(await screen.findByRole("alert")).toHaveTextContent(SEARCH_UNAVAILABLE);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Search");
  });
});

describe("Add to Cart on a result, pressed where no script runs", () => {
  const press = (id: string) =>
    action({
      request: new Request("http://site/search?q=magnet", {
        method: "POST",
        body: new URLSearchParams({ id, type: "Kit" }),
      }),
      context: catalogueContext(),
    } as unknown as Parameters<typeof action>[0]);

  it("says the cart needs JavaScript, on the result pressed", async () => {
    expect(await press("5")).toMatchObject({ data: { needsScript: 5 }, init: { status: 400 } });
  });

  it("answers 404 for a product the catalogue does not sell", async () => {
    await expect(press("999")).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe("/search results", () => {
  const renderAt = async (url: string) => {
    const Stub = createRoutesStub([{ path: "/search", Component: Search, loader: () => run(url) }]);
    render(<Stub initialEntries={[url]} />);
    await screen.findByRole("heading", { level: 1 });
  };

  it("shows the shop, the pages and the glossary, with the matched words marked", async () => {
    await renderAt("/search?q=magnet");
    for (const name of ["Shop", "Pages", "Glossary"]) {
      expect(screen.getByRole("region", { name })).toBeVisible();
    }
    // A product's name leads to its page.
    const shop = screen.getByRole("region", { name: "Shop" });
    expect(within(shop).getByRole("link", { name: "Magnet Implant Kit" })).toHaveAttribute(
      "href",
      "/products/magnet-implant-kit",
    );
    const glossary = screen.getByRole("region", { name: "Glossary" });
    expect(within(glossary).getByRole("link", { name: "Magnet" })).toHaveAttribute(
      "href",
      "/terminologies?letter=M#term-magnet",
    );
    // The definition's markup stays text; only the match is a <mark>.
    expect(glossary).toHaveTextContent("<b>A</b> magnet.");
    expect(glossary.querySelector("b")).toBeNull();
    expect([...glossary.querySelectorAll("mark")].map((mark) => mark.textContent)).toContain(
      "magnet",
    );
  });

  it("says where each product matched, the words marked", async () => {
    await renderAt("/search?q=magnet&scope=shop");
    const note = screen.getByText(/Matched in name/);
    expect(note).toHaveTextContent("Matched in name: Magnet Implant Kit");
    expect(note.querySelector("mark")).toHaveTextContent("Magnet");
  });

  it("says where a product matched when it was not its name", async () => {
    await renderAt("/search?q=ceramic");
    expect(screen.getByText(/Matched in description/)).toHaveTextContent(
      "Matched in description: Ceramic",
    );
  });

  it("offers filters with counts as links that keep the query", async () => {
    await renderAt("/search?q=magnet");
    const category = screen.getByRole("navigation", { name: "Filter by category" });
    expect(within(category).getByRole("link", { name: "Cyberware (1)" })).toHaveAttribute(
      "href",
      "/search?q=magnet&category=cyberware",
    );
    const price = screen.getByRole("navigation", { name: "Filter by price" });
    expect(within(price).getByRole("link", { name: "$100 and over (1)" })).toHaveAttribute(
      "href",
      "/search?q=magnet&min=100",
    );
  });

  it("says when the filters leave nothing, and offers to clear them", async () => {
    await renderAt("/search?q=magnet&max=10");
    expect(screen.getByText("No shop results match these filters.")).toBeVisible();
    expect(screen.getByRole("link", { name: "Any price" })).toHaveAttribute(
      "href",
      "/search?q=magnet",
    );
  });

  it("suggests a close spelling when nothing matched", async () => {
    await renderAt("/search?q=mgu");
    expect(screen.getByText(/Did you mean/)).toHaveTextContent("Did you mean mug?");
    expect(screen.getByRole("link", { name: "mug" })).toHaveAttribute("href", "/search?q=mug");
  });

  it("refuses text that is too long without repeating it in the heading", async () => {
    await renderAt(`/search?q=${"a".repeat(201)}`);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^Search$/);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Search text must be at most 200 characters",
    );
  });

  it("explains a price filter that is not a number", async () => {
    await renderAt("/search?q=mug&max=cheap");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "A price filter must be a number of dollars from 0 to 100000",
    );
  });
});
