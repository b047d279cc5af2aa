import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Product } from "#core/catalog/product.ts";
import { createSearchEngine } from "#core/search/search-engine.ts";
import Search, { loader } from "./search.tsx";

const products: Product[] = [
  {
    id: 1,
    name: "Magnet Implant Kit",
    description: "A sterile kit",
    category: "Cyberware",
    type: "Kit",
    price: 120,
    images: [],
  },
  {
    id: 2,
    name: "Mug",
    description: "Ceramic",
    category: "Merchandise",
    type: "Mug",
    price: 20,
    images: [],
  },
];
const search = createSearchEngine(products, [
  { kind: "page", title: "Events", path: "/events", text: "Magnet meetups" },
]);

const run = (url: string, context: Parameters<typeof loader>[0]["context"] = { search }) =>
  loader({ request: new Request(`http://site${url}`), context } as Parameters<typeof loader>[0]);

describe("/search's loader", () => {
  it("answers from the engine the server hands it", () => {
    const data = run("/search?q=magnet&scope=all");
    expect(data).toMatchObject({ query: "magnet", scope: "all" });
    expect("response" in data && data.response?.products.map((each) => each.name)).toEqual([
      "Magnet Implant Kit",
    ]);
  });

  it("asks for a query when there is none, and refuses one that is too long", () => {
    expect(run("/search")).toEqual({ query: "", scope: "all" });
    expect(run(`/search?q=${"a".repeat(201)}`)).toMatchObject({
      invalid: "Search text must be at most 200 characters",
    });
  });

  it("fails loudly if the server gave it no engine", () => {
    expect(() => run("/search?q=magnet", {})).toThrow(/no search engine/);
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
    expect(
      screen.getByRole("button", { name: "Add to Cart: Magnet Implant Kit (Kit)" }),
    ).toBeVisible();
    expect(screen.queryByRole("region", { name: "Pages" })).toBeNull();
  });
});
