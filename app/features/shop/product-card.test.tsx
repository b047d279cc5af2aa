import userEvent from "@testing-library/user-event";
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Product } from "#core/catalog/product.ts";
import { ProductCard } from "./product-card.tsx";

const book: Product = {
  id: 5,
  name: "Firing Patterns",
  description: "A friendly tour of the brain.",
  category: "Book",
  type: "Paperback",
  priceCents: 3299,
  images: ["/images/products/firing-patterns-paperback.svg"],
  isbn: "978-0-6453308-4-7",
  publisher: "Harbour Lights Books",
  language: "English",
  trim: "140 x 216 mm",
  pageCount: 288,
  publicationDate: "2021-10-04",
  audience: "General readers",
  genre: "Neuroscience",
  ageRestricted: false,
};

const shirt: Product = {
  id: 26,
  name: "Steersman Logo T-Shirt",
  description: "Heavyweight organic cotton.",
  category: "Merchandise",
  type: "T-Shirt",
  priceCents: 3995,
  images: ["/shirt-front.svg", "/shirt-back.svg"],
  sku: "KYB-MR-001",
  material: "100% organic cotton",
  color: "Charcoal",
  size: "S–XXL",
  ageRestricted: false,
};

function renderCard(product: Product) {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <ProductCard product={product} /> },
  ]);
  return render(<Stub />);
}

function field(label: string) {
  const term = screen.getByText(label, { selector: "dt" });
  return term.nextElementSibling?.textContent;
}

describe("ProductCard", () => {
  it("shows the picture, name, format and price, and every other book field under Details", async () => {
    renderCard(book);
    expect(screen.getByRole("heading", { level: 2, name: "Firing Patterns" })).toBeVisible();
    expect(screen.getByText("Paperback")).toBeVisible();
    expect(screen.getByText("$32.99 AUD")).toBeVisible();
    // The rest is in the card's HTML, behind its own disclosure.
    const description = screen.getByText("A friendly tour of the brain.");
    expect(description).not.toBeVisible();
    await userEvent.click(screen.getByText("Details", { selector: "summary" }));
    expect(description).toBeVisible();
    expect(screen.getByText("Publisher", { selector: "dt" })).toBeVisible();
    expect(field("ISBN")).toBe("978-0-6453308-4-7");
    expect(field("Publisher")).toBe("Harbour Lights Books");
    expect(field("Language")).toBe("English");
    expect(field("Trim size")).toBe("140 x 216 mm");
    expect(field("Page count")).toBe("288");
    expect(field("Publication date")).toBe("4 October 2021");
    expect(field("Audience")).toBe("General readers");
    expect(field("Genre")).toBe("Neuroscience");
    expect(screen.queryByText("SKU")).not.toBeInTheDocument();
    // The format is said once, under the name, not again in the list.
    expect(screen.queryByText("Type", { selector: "dt" })).not.toBeInTheDocument();
    const cover = screen.getByRole("img", { name: "Cover of Firing Patterns, paperback edition" });
    expect(cover).toHaveAttribute("width", "320");
    expect(cover).toHaveAttribute("height", "240");
  });

  it("links the name to the product's page where the catalogue gave its slug", () => {
    renderCard({ ...book, slug: "firing-patterns" } as Product);
    expect(
      within(screen.getByRole("heading", { level: 2 })).getByRole("link", {
        name: "Firing Patterns",
      }),
    ).toHaveAttribute("href", "/products/firing-patterns");
  });

  it("shows the merchandise fields and every picture", () => {
    renderCard(shirt);
    expect(field("SKU")).toBe("KYB-MR-001");
    expect(field("Material")).toBe("100% organic cotton");
    expect(field("Color")).toBe("Charcoal");
    expect(field("Size")).toBe("S–XXL");
    expect(field("Category")).toBe("Merchandise");
    expect(screen.queryByText("ISBN")).not.toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Steersman Logo T-Shirt, front view" })).toBeVisible();
    // The other pictures are under Details, with the fields.
    expect(
      screen.getByRole("img", { name: "Steersman Logo T-Shirt, back view", hidden: true }),
    ).not.toBeVisible();
  });

  it("shows the action it is given under the card", () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => <ProductCard product={book} action={<button type="button">Buy</button>} />,
      },
    ]);
    render(<Stub />);
    expect(screen.getByRole("button", { name: "Buy" })).toBeVisible();
  });

  it("shows the availability it is given right under the price", () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => <ProductCard product={book} availability={<p>Only 3 left</p>} />,
      },
    ]);
    render(<Stub />);
    expect(screen.getByText("$32.99 AUD").nextElementSibling).toHaveTextContent("Only 3 left");
  });

  it("says a product is for adults only (18+) when the catalogue restricts it", () => {
    const kit: Product = {
      ...shirt,
      id: 18,
      name: "NTAG216 Glass Implant Kit",
      category: "Cyberware",
      type: "Implant Kit",
      genre: "Body Modification",
      ageRestricted: true,
    };
    const { unmount } = renderCard(kit);
    const card = screen.getByRole("article");
    expect(within(card).getByText("Adults only (18+)")).toBeVisible();
    unmount();
    renderCard(shirt);
    expect(screen.queryByText(/Adults only/)).not.toBeInTheDocument();
  });
});
