import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EMPTY_SHIPPING_FORM, type ShippingForm } from "#core/cart/shipping.ts";
import { CHECKOUT_KEY_STORAGE } from "./checkout-key.ts";
import { CheckoutForm } from "./checkout-form.tsx";
import { apiAnswers, json, sampleOrder } from "./sample-orders.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

const cart = [{ id: 7, type: "Paperback", quantity: 2 }];
const address: ShippingForm = {
  firstName: "Ada",
  surname: "Lovelace",
  street: "1 Analytical Way",
  city: "Sydney",
  postcode: "2000",
  country: "Australia",
};

interface Options {
  lines?: { id: number; type: string; quantity: number }[];
  token?: string | null;
  accountEmail?: string;
  startAddress?: ShippingForm;
}

// The NTAG216 Glass Implant Kit is sold to adults only.
const KIT = { id: 18, type: "Implant Kit", quantity: 1 };

function renderForm({
  lines = cart,
  token = null,
  accountEmail,
  startAddress = address,
}: Options = {}) {
  const callbacks = {
    onPriceChanged: vi.fn(),
    onUnauthorized: vi.fn(),
    onPlaced: vi.fn(),
  };
  function Checkout() {
    const [typed, setTyped] = useState(startAddress);
    return (
      <CheckoutForm
        cart={lines}
        isAgeRestricted={(productId) => productId === KIT.id}
        expectedTotalCents={6598}
        token={token}
        accountEmail={accountEmail}
        address={typed}
        onAddressChange={(field, value) => setTyped((now) => ({ ...now, [field]: value }))}
        {...callbacks}
      />
    );
  }
  function OrderPage() {
    const location = useLocation();
    return <p>Opened {location.pathname + location.search}</p>;
  }
  const Stub = createRoutesStub([
    { path: "/checkout", Component: Checkout },
    { path: "/orders/:number", Component: OrderPage },
  ]);
  render(<Stub initialEntries={["/checkout"]} />);
  return callbacks;
}

const placeButton = () => screen.getByRole("button", { name: /Place order|Placing order/ });

describe("CheckoutForm", () => {
  it("checks every field with the order schema before sending, beside each field", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    renderForm({ startAddress: EMPTY_SHIPPING_FORM });
    await userEvent.click(placeButton());

    const email = screen.getByLabelText("E-mail");
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription("Email is required");
    expect(screen.getByLabelText("First Name")).toHaveAccessibleDescription(
      "First Name is required",
    );
    expect(screen.getByLabelText("Country")).toHaveAccessibleDescription("Country is required");
    await waitFor(() => expect(email).toHaveFocus());

    await userEvent.type(email, "not an address");
    await userEvent.click(placeButton());
    await waitFor(() => expect(email).toHaveAccessibleDescription("Invalid email format"));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("places the order once, with the cart's key and the total shown, then opens it", async () => {
    let answer: (response: Response) => void = () => {};
    const sent: unknown[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(
      apiAnswers({
        "POST /orders": ({ body, headers }) => {
          sent.push({ body, authorization: headers.get("authorization") });
          return new Promise<Response>((resolve) => (answer = resolve));
        },
      }),
    );
    const { onPlaced } = renderForm({ token: "signed.in.token", accountEmail: "ada@example.com" });
    expect(screen.getByLabelText("E-mail")).toHaveValue("ada@example.com");
    expect(screen.getByLabelText("City")).toHaveValue("Sydney");
    await userEvent.type(screen.getByLabelText("Note for the shop"), "Leave it at the door");

    await userEvent.dblClick(placeButton());
    await waitFor(() => expect(placeButton()).toHaveTextContent("Placing order…"));
    expect(placeButton()).toBeDisabled();
    expect(sent).toHaveLength(1);
    const key = (JSON.parse(localStorage.getItem(CHECKOUT_KEY_STORAGE) ?? "{}") as { key: string })
      .key;
    expect(sent[0]).toEqual({
      authorization: "Bearer signed.in.token",
      body: {
        idempotencyKey: key,
        email: "ada@example.com",
        lines: [{ id: 7, type: "Paperback", quantity: 2 }],
        address,
        note: "Leave it at the door",
        expectedTotalCents: 6598,
      },
    });
    expect(onPlaced).not.toHaveBeenCalled();

    await act(async () => answer(json(201, { order: sampleOrder, accessToken: "tok_123" })));
    expect(await screen.findByText("Opened /orders/KB-100042?token=tok_123")).toBeInTheDocument();
    expect(onPlaced).toHaveBeenCalledWith("KB-100042");
    expect(localStorage.getItem(CHECKOUT_KEY_STORAGE)).toBeNull();
  });

  it("shows the server's field messages beside their fields", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(
      apiAnswers({
        "POST /orders": () =>
          json(400, {
            error: {
              code: "validation_failed",
              message: "Some fields are not valid",
              fields: { "address.postcode": "Postcode must be at most 100 characters" },
            },
          }),
      }),
    );
    renderForm({ accountEmail: "ada@example.com" });
    await userEvent.click(placeButton());
    const postcode = screen.getByLabelText("Postcode");
    expect(await screen.findByText("Postcode must be at most 100 characters")).toBeVisible();
    expect(postcode).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(postcode).toHaveFocus());
    expect(screen.getByRole("alert")).toHaveTextContent("Please correct the fields marked above.");
    expect(placeButton()).toBeEnabled();
  });

  it("asks for a new quote when the price changed, and sends the same key again", async () => {
    const keys: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(
      apiAnswers({
        "POST /orders": ({ body }) => {
          keys.push((body as { idempotencyKey: string }).idempotencyKey);
          return json(409, { error: { code: "price_changed", message: "Prices changed" } });
        },
      }),
    );
    const { onPriceChanged, onPlaced } = renderForm({ accountEmail: "ada@example.com" });
    await userEvent.click(placeButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The total has changed since this page showed it",
    );
    expect(onPriceChanged).toHaveBeenCalledOnce();
    await userEvent.click(placeButton());
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it("says what is out of stock and links back to the cart", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(
      apiAnswers({
        "POST /orders": () =>
          json(409, {
            error: {
              code: "out_of_stock",
              message:
                "Only 1 of Salt Water Circuit left. Please lower the quantity to 1 or fewer.",
            },
          }),
      }),
    );
    renderForm({ accountEmail: "ada@example.com" });
    await userEvent.click(placeButton());
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Only 1 of Salt Water Circuit left");
    expect(screen.getByRole("link", { name: "Change your cart" })).toHaveAttribute("href", "/cart");
  });

  it("forgets an expired login, so the next press orders as a guest", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(
      apiAnswers({
        "POST /orders": () => json(401, { error: { code: "unauthorized", message: "Log in" } }),
      }),
    );
    const { onUnauthorized } = renderForm({ token: "old.token", accountEmail: "ada@example.com" });
    await userEvent.click(placeButton());
    expect(await screen.findByRole("alert")).toHaveTextContent("Your login has expired");
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("makes a new key when the old one was used for other details", async () => {
    const keys: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(
      apiAnswers({
        "POST /orders": ({ body }) => {
          keys.push((body as { idempotencyKey: string }).idempotencyKey);
          return json(409, { error: { code: "idempotency_conflict", message: "Used" } });
        },
      }),
    );
    renderForm({ accountEmail: "ada@example.com" });
    await userEvent.click(placeButton());
    expect(await screen.findByRole("alert")).toHaveTextContent("already placed");
    await userEvent.click(placeButton());
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).not.toBe(keys[0]);
  });

  describe("with a product sold to adults only in the cart", () => {
    const declaration = () =>
      screen.getByRole("checkbox", { name: "I declare that I am 18 years of age or older" });

    it("shows no declaration when nothing in the cart is adults-only", () => {
      renderForm();
      expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
      expect(screen.queryByText("Adults only (18+)")).not.toBeInTheDocument();
    });

    it("refuses to send the order until the buyer declares being 18 or over", async () => {
      const sent: unknown[] = [];
      vi.spyOn(globalThis, "fetch").mockImplementation(
        apiAnswers({
          "POST /orders": ({ body }) => {
            sent.push(body);
            return json(201, { order: sampleOrder, accessToken: "a".repeat(32) });
          },
        }),
      );
      renderForm({ lines: [...cart, KIT], accountEmail: "ada@example.com" });
      expect(screen.getByRole("group", { name: "Adults only (18+)" })).toBeVisible();
      expect(declaration()).not.toBeChecked();
      expect(declaration()).toBeRequired();

      await userEvent.click(placeButton());
      await waitFor(() => expect(declaration()).toHaveAttribute("aria-invalid", "true"));
      expect(declaration()).toHaveAccessibleDescription(
        expect.stringContaining(
          "Please confirm that you are 18 or over: your order holds a product sold to adults only.",
        ),
      );
      await waitFor(() => expect(declaration()).toHaveFocus());
      expect(sent).toEqual([]);

      await userEvent.click(declaration());
      await userEvent.click(placeButton());
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toMatchObject({ lines: [cart[0], KIT], adultDeclared: true });
    });

    it("shows the server's refusal beside the declaration", async () => {
      const message =
        "Please confirm that you are 18 or over: your order holds a product sold to adults only.";
      vi.spyOn(globalThis, "fetch").mockImplementation(
        apiAnswers({
          "POST /orders": () =>
            json(400, {
              error: { code: "validation_failed", message, fields: { adultDeclared: message } },
            }),
        }),
      );
      renderForm({ lines: [KIT], accountEmail: "ada@example.com" });
      await userEvent.click(declaration());
      await userEvent.click(placeButton());
      expect(await screen.findByText(message)).toBeVisible();
      expect(declaration()).toHaveAttribute("aria-invalid", "true");
    });
  });
});
