import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OrderQuote } from "#core/orders/order.ts";
import { apiAnswers, json, sampleOrder, sampleQuote } from "#app/features/orders/sample-orders.ts";
import Checkout from "./checkout.tsx";

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const catalogue = [{ id: 7, name: "Salt Water Circuit", priceCents: 2299, type: "Paperback" }];
const address = {
  firstName: "Ada",
  surname: "Lovelace",
  street: "1 Analytical Way",
  city: "Sydney",
  postcode: "2000",
  country: "Australia",
};

interface Setup {
  products?: typeof catalogue;
  quote?: () => unknown;
  token?: string;
}

function openCheckout({ products = catalogue, quote = () => sampleQuote, token }: Setup = {}) {
  localStorage.setItem("cart", JSON.stringify([{ id: 7, type: "Paperback", quantity: 2 }]));
  sessionStorage.setItem("shipping", JSON.stringify(address));
  if (token) localStorage.setItem("authToken", token);
  const quoted: unknown[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(
    apiAnswers({
      "POST /orders/quote": ({ body }) => {
        quoted.push(body);
        return quote();
      },
      "GET /get-account-details": () => ({
        username: "ada",
        email: "ada@example.com",
        subscribed: false,
      }),
      "POST /orders": () => json(201, { order: sampleOrder, accessToken: "tok_123" }),
    }),
  );
  function OrderPage() {
    const location = useLocation();
    return <p>Opened {location.pathname + location.search}</p>;
  }
  const Stub = createRoutesStub([
    {
      path: "/checkout",
      Component: Checkout,
      loader: () => ({ products }),
      HydrateFallback: () => null,
    },
    { path: "/orders/:number", Component: OrderPage },
  ]);
  render(<Stub initialEntries={["/checkout"]} />);
  return quoted;
}

const table = () => screen.getByRole("table", { name: "Your order" });

describe("/checkout", () => {
  it("keeps SPEC's words, then shows the server's prices, shipping, total and GST", async () => {
    let answer: (quote: OrderQuote) => void = () => {};
    const quoted = openCheckout({ quote: () => new Promise((resolve) => (answer = resolve)) });
    expect(await screen.findByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    expect(
      screen.getByText("Please confirm the products you want to purchase before purchasing."),
    ).toBeVisible();

    // While the server prices the order, a status line says so and the table holds its place.
    expect(await screen.findByText("Checking prices with the shop…")).toHaveAttribute(
      "role",
      "status",
    );
    expect(table()).toHaveTextContent("Salt Water Circuit");
    await waitFor(() => expect(quoted).toHaveLength(1));
    expect(quoted[0]).toEqual({
      lines: [{ id: 7, type: "Paperback", quantity: 2 }],
      address: { postcode: "2000", country: "Australia" },
    });

    await act(async () => answer(sampleQuote));
    expect(await screen.findByText("Prices checked with the shop.")).toBeVisible();
    const rows = screen.getAllByRole("row");
    expect(rows[1]).toHaveTextContent("Salt Water Circuit");
    expect(rows[1]).toHaveTextContent("Paperback");
    expect(rows[1]).toHaveTextContent("$22.99 AUD");
    expect(rows[1]).toHaveTextContent("2");
    expect(rows[1]).toHaveTextContent("$45.98 AUD");
    expect(table()).toHaveTextContent("Shipping$20.00 AUD");
    expect(table()).toHaveTextContent("Total$65.98 AUD");
    expect(table()).toHaveTextContent("includes GST of $6.00 AUD");
    expect(screen.queryByText(/changed since your cart/)).not.toBeInTheDocument();
  });

  it("says plainly when the server's prices differ from the ones the cart showed", async () => {
    openCheckout({ products: [{ ...catalogue[0]!, priceCents: 1999 }] });
    const notice = await screen.findByText(/A price has changed since your cart showed it/);
    const alert = notice.closest('[role="alert"]');
    expect(alert).toHaveTextContent(
      "Salt Water Circuit (Paperback): now $22.99 AUD, was $19.99 AUD",
    );
    expect(alert).toHaveTextContent("The total below uses the new price.");
    // Above the total, before the form that confirms it.
    expect(alert!.compareDocumentPosition(table()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("fills in the account's e-mail and the address typed on the cart page", async () => {
    openCheckout({ token: "member.token" });
    const email = await screen.findByLabelText("E-mail");
    await waitFor(() => expect(email).toHaveValue("ada@example.com"));
    expect(screen.getByLabelText("First Name")).toHaveValue("Ada");
    expect(screen.getByLabelText("Postcode")).toHaveValue("2000");
  });

  it("empties the cart only once the order is placed, and opens the order", async () => {
    openCheckout();
    await screen.findByText("Prices checked with the shop.");
    await userEvent.type(screen.getByLabelText("E-mail"), "guest@example.com");
    expect(JSON.parse(localStorage.getItem("cart") ?? "[]")).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: "Place order" }));
    expect(await screen.findByText("Opened /orders/KB-100042?token=tok_123")).toBeVisible();
    expect(localStorage.getItem("cart")).toBe("[]");
  });

  it("explains a cart the server cannot price, with the way back to the cart", async () => {
    openCheckout({
      quote: () =>
        json(400, {
          error: {
            code: "unknown_product",
            message: "Product 7 is not in our catalogue any more. Please remove it from your cart.",
          },
        }),
    });
    await screen.findByText(/Product 7 is not in our catalogue any more/);
    // The only alert on the page: the form, with its own, is gone.
    const alert = screen.getByRole("alert");
    expect(within(alert).getByRole("link", { name: "Go back to your cart" })).toHaveAttribute(
      "href",
      "/cart",
    );
    // Nothing to confirm until the cart is changed.
    expect(screen.queryByRole("button", { name: "Place order" })).not.toBeInTheDocument();
  });

  it("offers to try again when the shop cannot be reached, keeping what was typed", async () => {
    let fail = true;
    openCheckout({
      quote: () =>
        fail ? Promise.reject(new TypeError("Failed to fetch")) : Promise.resolve(sampleQuote),
    });
    expect(await screen.findByText(/could not reach the shop/)).toBeVisible();
    await userEvent.type(screen.getByLabelText("E-mail"), "ada@example.com");
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Prices checked with the shop.")).toBeVisible();
    expect(screen.queryByText(/could not reach the shop/)).not.toBeInTheDocument();
    expect(screen.getByLabelText("E-mail")).toHaveValue("ada@example.com");
  });

  it("points an empty cart at the shops", async () => {
    localStorage.setItem("cart", "[]");
    const Stub = createRoutesStub([
      {
        path: "/checkout",
        Component: Checkout,
        loader: () => ({ products: catalogue }),
        HydrateFallback: () => null,
      },
    ]);
    render(<Stub initialEntries={["/checkout"]} />);
    expect(await screen.findByText(/Your cart is empty/)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Place order" })).not.toBeInTheDocument();
  });
});
