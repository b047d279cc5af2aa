import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AddToCartButton } from "./add-to-cart-button.tsx";

const book = { id: 5, name: "Firing Patterns", type: "Paperback", priceCents: 3299 };

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe("AddToCartButton", () => {
  it("adds the product to localStorage.cart and says 'Added to Cart!' for 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<AddToCartButton product={book} />);
    const button = screen.getByRole("button", { name: /^Add to Cart/ });
    expect(button).toHaveAccessibleName("Add to Cart: Firing Patterns (Paperback)");
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("");

    await user.click(button);
    expect(status).toHaveTextContent("Added to Cart!");
    const stored = JSON.parse(window.localStorage.getItem("cart") ?? "[]");
    expect(stored).toEqual([{ ...book, quantity: 1 }]);

    await user.click(button);
    expect(JSON.parse(window.localStorage.getItem("cart") ?? "[]")[0].quantity).toBe(2);

    act(() => vi.advanceTimersByTime(1900));
    expect(status).toHaveTextContent("Added to Cart!");
    act(() => vi.advanceTimersByTime(200));
    expect(within(status).queryByText("Added to Cart!")).not.toBeInTheDocument();
  });

  it("out of stock: disabled, still named Add to Cart, described by the reason", async () => {
    const user = userEvent.setup();
    render(
      <>
        <p id="stock-5">Out of stock</p>
        <AddToCartButton product={book} disabled reasonId="stock-5" />
      </>,
    );
    const button = screen.getByRole("button", { name: /^Add to Cart/ });
    expect(button).toHaveTextContent("Add to Cart");
    expect(button).toHaveAccessibleName("Add to Cart: Firing Patterns (Paperback)");
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription("Out of stock");

    await user.click(button);
    expect(window.localStorage.getItem("cart")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("");
  });

  it("an enabled button is not described by a stock line", () => {
    render(
      <>
        <p id="stock-5">Only 3 left</p>
        <AddToCartButton product={book} reasonId="stock-5" />
      </>,
    );
    const button = screen.getByRole("button", { name: /^Add to Cart/ });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute("aria-describedby");
  });
});
