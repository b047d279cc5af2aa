import { addressLists } from "#core/countries.ts";
import type { ShopProduct } from "#core/catalog/shop-product.ts";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, RouterContextProvider, useLocation } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { PlacedOrder } from "#core/orders/order.ts";
import { priceOrder } from "#core/orders/order-pricing.ts";
import type { PlaceOrder, QuoteRequest } from "#core/orders/order-schemas.ts";
import type { PageServices } from "#core/pages/page-services.ts";
import { CHECKOUT_KEY_STORAGE } from "#app/features/orders/checkout-key.ts";
import { apiAnswers } from "#tests/app/fake-fetch.ts";
import { sampleOrder } from "#tests/fixtures/order-views.ts";
import { catalogueView } from "#tests/app/catalogue-context.ts";
import { servicesContext } from "#app/load-context.ts";
import { ADDRESS } from "#tests/fixtures/addresses.ts";
import Checkout, { action, clientAction, clientLoader, loader } from "./checkout.tsx";

beforeAll(async () => {
  // The page's inline script: it fills the form's stored fields (cart, login) as it is sent.
  await import("#app/layout/page-script.ts");
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

// The NTAG216 Glass Implant Kit is sold to adults only (as in content/products.csv).
const products = [
  {
    id: 7,
    name: "Salt Water Circuit",
    priceCents: 2299,
    type: "Paperback",
    ageRestricted: false,
    images: [],
  },
  {
    id: 18,
    name: "NTAG216 Glass Implant Kit",
    priceCents: 14900,
    type: "Implant Kit",
    ageRestricted: true,
    images: [],
    // How few the shop has left, as its pages say it: never part of a cart line.
    unitsLeft: 3,
  },
  {
    id: 30,
    name: "Complete Cyberware Library",
    priceCents: 60_000,
    type: "eBook",
    ageRestricted: false,
    images: [],
    digital: true,
  },
];
const LIBRARY = (quantity: number) => ({ id: 30, type: "eBook", quantity });
const NO_ADDRESS = {
  firstName: "",
  surname: "",
  street: "",
  city: "",
  postcode: "",
  country: "",
  state: "",
};
const BOOKS = { id: 7, type: "Paperback", quantity: 2 };
const KIT = { id: 18, type: "Implant Kit", quantity: 1 };
const address = ADDRESS;

const refusal = (statusCode: number, code: string, message: string) =>
  Object.assign(new Error(message), { statusCode, code });

type Place = (order: PlaceOrder, login: string | undefined) => Promise<PlacedOrder>;

/** The server's order service as the action reaches it, over the test catalogue. */
function serverOrders(place: Place) {
  const catalogue = new Map(products.map((product) => [product.id, product]));
  const placed: { order: PlaceOrder; login: string | undefined }[] = [];
  const services = {
    orders: {
      quote: async (request: QuoteRequest) =>
        priceOrder(request.lines, catalogue, request.address, 30_000),
      place: async (order: PlaceOrder, login: string | undefined) => {
        placed.push({ order, login });
        return place(order, login);
      },
    },
  } as unknown as PageServices;
  const context = new RouterContextProvider();
  // The action reads only what the cart's products carry (adults only or not).
  const view = catalogueView(products as unknown as ShopProduct[]);
  context.set(servicesContext, { ...services, catalogue: () => view });
  return { placed, context };
}

const placedOrder: Place = async () => ({ order: sampleOrder, accessToken: "tok_123" });

/** Unwraps `data(…)` as React Router does before the clientAction sees the server's answer. */
const unwrap = (answer: unknown) =>
  typeof answer === "object" && answer !== null && "init" in answer && "data" in answer
    ? answer.data
    : answer;

interface Setup {
  cart?: unknown[];
  token?: string;
  shipping?: Partial<typeof address>;
  place?: Place;
}

function openCheckout({
  cart = [BOOKS],
  token,
  shipping = address,
  place = placedOrder,
}: Setup = {}) {
  localStorage.setItem("cart", JSON.stringify(cart));
  sessionStorage.setItem("shipping", JSON.stringify(shipping));
  if (token) localStorage.setItem("authToken", token);
  const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(
    apiAnswers({
      "GET /get-account-details": () => ({
        username: "ada",
        email: "ada@example.com",
        subscribed: false,
      }),
    }),
  );
  const server = serverOrders(place);
  function OrderPage() {
    const location = useLocation();
    return <p>Opened {location.pathname + location.search}</p>;
  }
  const Stub = createRoutesStub([
    {
      path: "/checkout",
      Component: Checkout as never,
      loader: () =>
        clientLoader({
          serverLoader: async () => ({ products, addressLists: addressLists() }),
        } as unknown as Parameters<typeof clientLoader>[0]),
      action: ({ request }) =>
        clientAction({
          request,
          serverAction: async () =>
            unwrap(
              await action({
                request: request.clone(),
                context: server.context,
              } as unknown as Parameters<typeof action>[0]),
            ),
        } as unknown as Parameters<typeof clientAction>[0]),
      HydrateFallback: () => null,
    },
    { path: "/orders/:number", Component: OrderPage },
  ]);
  render(<Stub initialEntries={["/checkout"]} />);
  return { ...server, fetch, user: userEvent.setup() };
}

const table = () => screen.getByRole("table", { name: "Your order" });
const placeButton = () => screen.getByRole("button", { name: /Place order|Placing order/ });

describe("/checkout", () => {
  it("keeps SPEC's words and prices the cart with the server's function, asking no one", async () => {
    const { fetch } = openCheckout();
    expect(await screen.findByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    expect(
      screen.getByText("Please confirm the products you want to purchase before purchasing."),
    ).toBeVisible();
    const rows = within(await screen.findByRole("table", { name: "Your order" })).getAllByRole(
      "row",
    );
    expect(rows[1]).toHaveTextContent("Salt Water Circuit");
    expect(rows[1]).toHaveTextContent("Paperback");
    expect(rows[1]).toHaveTextContent("$22.99 AUD");
    expect(rows[1]).toHaveTextContent("$45.98 AUD");
    expect(table()).toHaveTextContent("Shipping$20.00 AUD");
    expect(table()).toHaveTextContent("Total$65.98 AUD");
    expect(table()).toHaveTextContent("includes GST of $6.00 AUD");
    expect(screen.getByText(/You pay \$65\.98 AUD by bank transfer/)).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("works shipping out again as another country is chosen", async () => {
    const { user } = openCheckout();
    const country = await screen.findByLabelText("Country");
    // The cart page kept the name as typed before the list: it is chosen in the list.
    await waitFor(() => expect(country).toHaveValue("AU"));
    await user.selectOptions(country, "United States");
    expect(table()).toHaveTextContent("Shipping$10.00 AUD");
    // Goods leaving Australia are GST-free exports: the price less its GST, and no GST at all.
    expect(table()).toHaveTextContent("GST removed: delivery outside Australia−$4.18 AUD");
    expect(table()).toHaveTextContent("Total$51.80 AUDGST-free export");
    // The cart page's form follows.
    expect(JSON.parse(sessionStorage.getItem("shipping") ?? "{}")).toMatchObject({
      country: "US",
    });
  });

  it("fills in the account's e-mail and the address typed on the cart page", async () => {
    openCheckout({ token: "member.token" });
    const email = await screen.findByLabelText("E-mail");
    await waitFor(() => expect(email).toHaveValue("ada@example.com"));
    expect(screen.getByLabelText("First Name")).toHaveValue("Ada");
    expect(screen.getByLabelText("Street")).toHaveAttribute("autocomplete", "address-line1");
    expect(screen.getByLabelText("Postcode")).toHaveValue("2000");
  });

  it("checks every field with the order schema before sending, beside each field", async () => {
    const { user, placed } = openCheckout({ shipping: { ...address, city: "" } });
    await user.click(await screen.findByRole("button", { name: "Place order" }));
    // The fields come back with the answer, each with its message.
    const email = () => screen.getByLabelText("E-mail");
    await waitFor(() => expect(email()).toHaveAccessibleDescription("Email is required"));
    // Focus moves to the first field in error once the fields show their messages.
    await waitFor(() => expect(email()).toHaveFocus());
    expect(screen.getByLabelText("City")).toHaveAccessibleDescription("City is required");
    expect(placed).toEqual([]);
  });

  it("places the order once, with the cart's key, the total shown and the login, then opens it", async () => {
    const { user, placed } = openCheckout({ token: "member.token" });
    await waitFor(() => expect(screen.getByLabelText("E-mail")).toHaveValue("ada@example.com"));
    await user.type(screen.getByLabelText("Note for the shop"), "Leave it at the door");
    expect(JSON.parse(localStorage.getItem("cart") ?? "[]")).toHaveLength(1);
    await user.click(placeButton());
    expect(await screen.findByText("Opened /orders/KB-100042?token=tok_123")).toBeVisible();
    expect(placed).toHaveLength(1);
    expect(placed[0]!.login).toBe("member.token");
    expect(placed[0]!.order).toMatchObject({
      email: "ada@example.com",
      lines: [{ id: 7, type: "Paperback", quantity: 2 }],
      address,
      note: "Leave it at the door",
      expectedTotalCents: 6598,
    });
    expect(placed[0]!.order.idempotencyKey).toMatch(/^[\w-]{16,}$/);
    expect(localStorage.getItem("cart")).toBe("[]");
    expect(localStorage.getItem(CHECKOUT_KEY_STORAGE)).toBeNull();
  });

  it("says what is out of stock beside the form, links back to the cart and keeps what was typed", async () => {
    const { user } = openCheckout({
      place: () =>
        Promise.reject(
          refusal(409, "out_of_stock", "Salt Water Circuit is out of stock. Please remove it."),
        ),
    });
    await user.type(await screen.findByLabelText("E-mail"), "guest@example.com");
    await user.click(placeButton());
    const alert = await screen.findByRole("alert", { name: "" });
    await waitFor(() => expect(alert).toHaveTextContent("Salt Water Circuit is out of stock."));
    expect(within(alert).getByRole("link", { name: "Change your cart" })).toHaveAttribute(
      "href",
      "/cart",
    );
    expect(screen.getByLabelText("E-mail")).toHaveValue("guest@example.com");
    expect(screen.getByLabelText("City")).toHaveValue("Sydney");
    expect(JSON.parse(localStorage.getItem("cart") ?? "[]")).toHaveLength(1);
  });

  it("tells a buyer held back by their network's unpaid orders the truth, keeping the cart (issue 34)", async () => {
    const message =
      "Several unpaid orders have come from your network recently (an office, a household or a mobile carrier can share one internet address), so we cannot take another from it just now.";
    const { user } = openCheckout({
      place: () => Promise.reject(refusal(429, "too_many_unpaid_orders_from_network", message)),
    });
    await user.type(await screen.findByLabelText("E-mail"), "guest@example.com");
    await user.click(placeButton());
    const alert = await screen.findByRole("alert", { name: "" });
    await waitFor(() => expect(alert).toHaveTextContent(message));
    expect(alert).not.toHaveTextContent(/you already have/i);
    expect(JSON.parse(localStorage.getItem("cart") ?? "[]")).toHaveLength(1);
    expect(screen.getByLabelText("E-mail")).toHaveValue("guest@example.com");
  });

  it("shows the server's new prices when they changed, and places at the new total on the next press", async () => {
    let first = true;
    const { user, placed } = openCheckout({
      place: async (order) => {
        if (first) {
          first = false;
          throw refusal(409, "price_changed", "Prices changed since you opened checkout.");
        }
        return {
          order: { ...sampleOrder, totalCents: order.expectedTotalCents ?? 0 },
          accessToken: "tok_123",
        };
      },
    });
    await user.type(await screen.findByLabelText("E-mail"), "guest@example.com");
    await user.click(placeButton());
    expect(
      await screen.findByText(/The total has changed since this page showed it/),
    ).toBeVisible();
    await user.click(placeButton());
    expect(await screen.findByText(/^Opened \/orders\/KB-100042/)).toBeVisible();
    expect(placed.map(({ order }) => order.idempotencyKey)).toEqual([
      placed[0]!.order.idempotencyKey,
      placed[0]!.order.idempotencyKey,
    ]);
  });

  it("forgets an expired login, so the next press orders as a guest", async () => {
    const { user } = openCheckout({
      token: "stale.token",
      place: () => Promise.reject(refusal(401, "unauthorized", "Please log in again")),
    });
    const email = await screen.findByLabelText("E-mail");
    await waitFor(() => expect(email).toHaveValue("ada@example.com"));
    await user.click(placeButton());
    expect(await screen.findByText(/Your login has expired/)).toBeVisible();
    expect(localStorage.getItem("authToken")).toBeNull();
  });

  it("asks the buyer of an adults-only product to declare being 18 or over", async () => {
    const { user, placed } = openCheckout({ cart: [KIT] });
    await user.type(await screen.findByLabelText("E-mail"), "adult@example.com");
    const declaration = () =>
      screen.getByRole("checkbox", { name: "I declare that I am 18 years of age or older" });
    await user.click(placeButton());
    await waitFor(() => expect(declaration()).toHaveAttribute("aria-invalid", "true"));
    expect(declaration()).toHaveAccessibleDescription(/Please confirm that you are 18 or over/);
    // Focus follows once the messages are shown (an effect after that render).
    await waitFor(() => expect(declaration()).toHaveFocus());
    expect(screen.getByLabelText("E-mail")).toHaveValue("adult@example.com");
    expect(placed).toEqual([]);
    await user.click(declaration());
    await user.click(placeButton());
    expect(await screen.findByText(/^Opened \/orders\/KB-100042/)).toBeVisible();
    expect(placed[0]!.order.adultDeclared).toBe(true);
  });

  it("shows no declaration when nothing in the cart is adults-only", async () => {
    openCheckout();
    await screen.findByRole("table", { name: "Your order" });
    expect(screen.queryByRole("checkbox", { name: /18 years/ })).not.toBeInTheDocument();
  });

  it("explains a cart the shop cannot price, with the way back to the cart", async () => {
    openCheckout({ cart: [{ id: 999, type: "Gone", quantity: 1 }] });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Product 999 is not in our catalogue any more.");
    expect(within(alert).getByRole("link", { name: "Go back to your cart" })).toHaveAttribute(
      "href",
      "/cart",
    );
    expect(screen.queryByRole("button", { name: "Place order" })).not.toBeInTheDocument();
  });

  it("asks no address for downloads under AUD 1,000", async () => {
    openCheckout({ cart: [LIBRARY(1)], shipping: {} });
    expect(await screen.findByText(/No shipping address is needed/)).toBeVisible();
    expect(screen.queryByRole("group", { name: /address/ })).toBeNull();
  });

  it("asks the name and address for downloads of AUD 1,000 or more, beside each field", async () => {
    const { user, placed } = openCheckout({ cart: [LIBRARY(2)], shipping: {} });
    const group = await screen.findByRole("group", { name: "Your name and address" });
    expect(group).toHaveAccessibleDescription(/must name the buyer/);
    expect(screen.queryByText(/No shipping address is needed/)).toBeNull();
    await user.type(screen.getByLabelText("E-mail"), "ada@example.com");
    await user.click(placeButton());
    expect(await screen.findByText("First Name is required")).toBeVisible();
    expect(within(group).getByLabelText("First Name")).toHaveAccessibleDescription(
      "First Name is required",
    );
    expect(placed).toEqual([]);
  });

  it("points an empty cart at the shops", async () => {
    openCheckout({ cart: [] });
    expect(await screen.findByText(/Your cart is empty/)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Place order" })).not.toBeInTheDocument();
  });
});

describe("/checkout's action, as a press before the page's JavaScript answers it", () => {
  const form = (fields: Record<string, string>, url = "http://shop.test/checkout") => {
    const body = new FormData();
    for (const [name, value] of Object.entries({
      email: "guest@example.com",
      ...address,
      note: "",
      ...fields,
    })) {
      body.set(name, value);
    }
    return new Request(url, { method: "POST", body });
  };
  const run = async (fields: Record<string, string>, url?: string) => {
    const server = serverOrders(placedOrder);
    const answer = await action({
      request: form(fields, url),
      context: server.context,
    } as unknown as Parameters<typeof action>[0]);
    return { answer: unwrap(answer) as Record<string, unknown>, placed: server.placed };
  };

  it("says the cart lives in the browser when none came, keeping what was typed", async () => {
    const { answer, placed } = await run({ cart: "" });
    expect(answer).toMatchObject({
      status: 400,
      code: "cart_not_sent",
      message: expect.stringContaining("Your cart is kept in this browser"),
      values: { email: "guest@example.com", street: "1 Analytical Way" },
    });
    expect(placed).toEqual([]);
  });

  it("shows the server's total first when the press came before the page showed one", async () => {
    const { answer, placed } = await run({ cart: JSON.stringify([BOOKS]) });
    expect(answer).toMatchObject({
      status: 409,
      code: "confirm_total",
      quote: { totalCents: 6598 },
      values: { email: "guest@example.com" },
    });
    expect(placed).toEqual([]);
  });

  it("places the order with a key of its own, and answers its number and link", async () => {
    const { answer, placed } = await run({
      cart: JSON.stringify([BOOKS]),
      expectedTotalCents: "6598",
    });
    expect(answer).toEqual({ placed: { number: "KB-100042", accessToken: "tok_123" } });
    expect(placed[0]!.order.idempotencyKey).toMatch(/^[\w-]{16,}$/);
  });

  it("answers the schema's messages and never sends a password or login back", async () => {
    const { answer } = await run({
      cart: JSON.stringify([BOOKS]),
      email: "",
      authToken: "member.token",
    });
    expect(answer).toMatchObject({ status: 400, fields: { email: "Email is required" } });
    expect(answer.values).not.toHaveProperty("authToken");
  });

  it("refuses downloads of AUD 1,000 or more without the buyer's name and address", async () => {
    const { answer, placed } = await run({
      cart: JSON.stringify([LIBRARY(2)]),
      expectedTotalCents: "120000",
      ...NO_ADDRESS,
    });
    expect(answer).toMatchObject({
      status: 400,
      fields: { "address.firstName": "First Name is required", "address.city": "City is required" },
    });
    expect(placed).toEqual([]);
    const under = await run({
      cart: JSON.stringify([LIBRARY(1)]),
      expectedTotalCents: "60000",
      ...NO_ADDRESS,
    });
    expect(under.answer).toEqual({ placed: { number: "KB-100042", accessToken: "tok_123" } });
  });

  it("orders the link's lines when the form is sent from its page without JavaScript", async () => {
    const { answer, placed } = await run(
      { cart: "", expectedTotalCents: "6598" },
      "http://shop.test/checkout?cart=7:2",
    );
    expect(answer).toEqual({ placed: { number: "KB-100042", accessToken: "tok_123" } });
    expect(placed[0]!.order.lines).toEqual([{ id: 7, type: "", quantity: 2 }]);
  });
});

describe("a checkout link, /checkout?cart=… (issue 27)", () => {
  const load = async (url: string) =>
    unwrap(
      await loader({
        request: new Request(url),
        context: serverOrders(placedOrder).context,
      } as unknown as Parameters<typeof loader>[0]),
    ) as { linked?: { cart?: unknown[]; quote?: { itemsCents: number }; problem?: string } };

  it("brings the link's lines as cart items, priced by the server", async () => {
    const page = await load("http://shop.test/checkout?cart=7:2,18:1");
    expect(page.linked?.cart).toEqual([
      expect.objectContaining({
        id: 7,
        type: "Paperback",
        name: "Salt Water Circuit",
        quantity: 2,
      }),
      expect.objectContaining({ id: 18, type: "Implant Kit", quantity: 1 }),
    ]);
    expect(page.linked?.cart?.[1]).not.toHaveProperty("unitsLeft");
    expect(page.linked?.quote?.itemsCents).toBe(2 * 2299 + 14900);
  });

  it("says why a link that cannot be read is not used", async () => {
    expect((await load("http://shop.test/checkout?cart=books")).linked?.problem).toMatch(
      /should list products as id:quantity/,
    );
    expect((await load("http://shop.test/checkout")).linked).toBeUndefined();
  });
});
