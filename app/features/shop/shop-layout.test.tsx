import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Product } from "#core/catalog/product.ts";
import { ShopScreen } from "./shop-layout.tsx";
import { shopAt } from "./shops.ts";

function book(id: number, name: string, genre: string): Product {
  return {
    id,
    name,
    description: "",
    category: "Book",
    type: "Paperback",
    priceCents: 1000,
    images: [],
    ageRestricted: false,
    genre,
  };
}

const booksShop = shopAt("/books")!;

const books = [
  book(1, "Neural Interfaces", "Biomedical Engineering"),
  book(2, "Salt Water Circuit", "Science Fiction"),
  book(3, "Steersman", "Science Fiction"),
];

function renderBooks(url: string) {
  const Stub = createRoutesStub([
    {
      path: "/books",
      Component: () => (
        <ShopScreen
          shop={booksShop}
          products={books}
          choices={["Biomedical Engineering", "Science Fiction"]}
          renderAction={(product) => <button type="button">Buy {product.name}</button>}
          aside={<aside aria-label="Side column">Side</aside>}
        />
      ),
    },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

const cardNames = () =>
  screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);

describe("ShopScreen", () => {
  it("shows All Books and every card by default", () => {
    renderBooks("/books");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("All Books");
    expect(cardNames()).toEqual(expect.arrayContaining(["Neural Interfaces", "Steersman"]));
    expect(screen.getByText(/^Showing/)).toHaveTextContent("Showing 3 books");
    const nav = screen.getByRole("navigation", { name: "Genres" });
    expect(nav).toBeVisible();
    expect(screen.getByRole("link", { name: "All Books" })).toHaveAttribute("aria-current", "page");
  });

  it("filters by the genre in the URL, in any case, and titles the page with it", () => {
    renderBooks("/books?genre=science%20fiction");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Science Fiction");
    expect(screen.queryByRole("heading", { name: "Neural Interfaces" })).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Steersman" })).toBeVisible();
    expect(screen.getByText(/^Showing/)).toHaveTextContent("Showing 2 books");
    expect(screen.getByRole("link", { name: "Science Fiction" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  it("treats an unknown genre as All", () => {
    renderBooks("/books?genre=Cooking");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("All Books");
  });

  it("changes the filter through links that put the choice in the URL", async () => {
    const user = userEvent.setup();
    renderBooks("/books");
    const link = screen.getByRole("link", { name: "Biomedical Engineering" });
    expect(link).toHaveAttribute("href", "/books?genre=Biomedical+Engineering");
    await user.click(link);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Biomedical Engineering");
    expect(screen.getByText(/^Showing/)).toHaveTextContent("Showing 1 book");
    await user.click(screen.getByRole("link", { name: "All Books" }));
    expect(screen.getByText(/^Showing/)).toHaveTextContent("Showing 3 books");
  });

  it("puts the route's action under each card and its side column beside them", () => {
    renderBooks("/books");
    expect(screen.getByRole("button", { name: "Buy Steersman" })).toBeVisible();
    expect(screen.getByRole("complementary", { name: "Side column" })).toBeVisible();
  });
});
