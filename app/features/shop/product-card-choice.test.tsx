import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { oneCardPerChoice } from "#core/catalog/product-cards.ts";
import { contentProducts } from "#tests/app/catalogue-context.ts";
import { ProductGrid } from "./product-card.tsx";

describe("the card of a product with sizes (issue 37)", () => {
  it("says “From” its lowest price and leads to the sizes instead of adding one", () => {
    const hoodies = contentProducts.filter((product) => product.name === "Circuit Trace Hoodie");
    render(
      <MemoryRouter>
        <ProductGrid
          products={oneCardPerChoice(hoodies)}
          renderAction={() => <button type="button">Add to Cart</button>}
        />
      </MemoryRouter>,
    );
    const [card] = screen.getAllByRole("article");
    expect(within(card!).getByText("From $79.95 AUD")).toBeVisible();
    expect(within(card!).queryByRole("button", { name: "Add to Cart" })).toBeNull();
    expect(
      within(card!).getByRole("link", { name: "Choose a size of Circuit Trace Hoodie" }),
    ).toHaveAttribute("href", "/products/circuit-trace-hoodie-s");
  });
});
