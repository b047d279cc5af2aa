import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StockLine } from "./stock-line.tsx";

// 25 has 3 left, 13 plenty, 24 none; 2 (an eBook) is not counted, so it is not in the map.
const levels = { 25: 3, 13: 60, 24: 0, 18: 5, 14: 6 };

function lineOf(productId: number) {
  const { container } = render(<StockLine levels={levels} productId={productId} />);
  return container.firstElementChild;
}

describe("StockLine", () => {
  it.each([
    [13, "In stock"],
    [14, "In stock"],
    [18, "Only 5 left"],
    [25, "Only 3 left"],
    [24, "Out of stock"],
    [2, "In stock"],
  ])("product %i reads %s", (productId, label) => {
    expect(lineOf(productId)).toHaveTextContent(new RegExp(`^${label}$`));
    expect(screen.getByText(label)).toBeVisible();
  });

  it("holds an empty, unannounced line until the counts are known", () => {
    const { container } = render(<StockLine levels={undefined} productId={25} id="stock-25" />);
    const line = container.firstElementChild;
    expect(line).toBeInTheDocument();
    expect(line).toHaveAttribute("id", "stock-25");
    expect(line).toBeEmptyDOMElement();
    expect(line).toHaveAttribute("aria-hidden", "true");
  });

  it("fills in without a live region, so 30 cards are not read out at once", () => {
    const { container } = render(<StockLine levels={levels} productId={25} id="stock-25" />);
    const line = container.firstElementChild;
    expect(line).toHaveAttribute("id", "stock-25");
    expect(line).not.toHaveAttribute("aria-hidden");
    expect(line).not.toHaveAttribute("aria-live");
    expect(line).not.toHaveAttribute("role");
  });
});
