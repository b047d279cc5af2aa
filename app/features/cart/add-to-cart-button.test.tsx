import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AddToCartButton } from "./add-to-cart-button.tsx";

const book = { id: 5, name: "Firing Patterns", type: "Paperback", price: 32.99 };

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
});
