import { addressLists } from "#core/countries.ts";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StockLevels } from "#core/orders/availability.ts";
import { fetchStockLevels } from "#app/features/shop/fetch-stock-levels.ts";
import Cart, { clientLoader } from "./cart.tsx";

vi.mock("#app/features/shop/fetch-stock-levels.ts", () => ({ fetchStockLevels: vi.fn() }));
const askStock = vi.mocked(fetchStockLevels);

afterEach(() => {
  vi.resetAllMocks();
});

const products = [
  {
    id: 25,
    name: "Ultrasonic Instrument Cleaner 2 L",
    priceCents: 14900,
    type: "Ultrasonic Cleaner",
    ageRestricted: false,
  },
  {
    id: 18,
    name: "NTAG216 Glass Implant Kit",
    priceCents: 14900,
    type: "Implant Kit",
    ageRestricted: true,
  },
  { id: 7, name: "Salt Water Circuit", priceCents: 2299, type: "Paperback", ageRestricted: false },
  { id: 8, name: "Salt Water Circuit", priceCents: 1299, type: "eBook", ageRestricted: false },
  {
    id: 47,
    name: "Circuit Trace Hoodie",
    priceCents: 7995,
    type: "Hoodie",
    ageRestricted: false,
    variant: "Size L",
    picture: "/images/products/circuit-trace-hoodie-front.svg",
  },
];

const storeCart = (lines: { id: number; type: string; quantity: number }[]) =>
  localStorage.setItem("cart", JSON.stringify(lines));

function openCart(answer: () => Promise<StockLevels>) {
  storeCart([
    { id: 25, type: "Ultrasonic Cleaner", quantity: 1 },
    { id: 18, type: "Implant Kit", quantity: 3 },
    { id: 7, type: "Paperback", quantity: 2 },
    { id: 8, type: "eBook", quantity: 4 },
  ]);
  return openCartWithStored(answer);
}

/** The cart page over what localStorage holds; `unitsPerProduct` as MAX_UNITS_PER_PRODUCT sets it. */
function openCartWithStored(answer: () => Promise<StockLevels>, unitsPerProduct = 5) {
  askStock.mockImplementation(answer);
  const Stub = createRoutesStub([
    {
      path: "/cart",
      // As in the browser: the build's catalogue, then the clientLoader's live counts.
      loader: () =>
        clientLoader({
          serverLoader: () =>
            Promise.resolve({ products, unitsPerProduct, addressLists: addressLists() }),
        } as unknown as Parameters<typeof clientLoader>[0]),
      Component: Cart as never,
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={["/cart"]} />);
  // The first render in jsdom can take more than findBy's default second.
  return screen.findByRole("row", { name: /^Ultrasonic/ }, { timeout: 10_000 });
}

const row = (name: RegExp) => screen.getByRole("row", { name });

describe("/cart with the shop's stock", () => {
  it("warns next to each line the shop has fewer of than asked", async () => {
    await openCart(() => Promise.resolve({ 25: 0, 18: 2, 7: 20 }));
    await waitFor(() =>
      expect(row(/^Ultrasonic/)).toHaveTextContent("Out of stock: remove it to check out"),
    );
    expect(row(/^NTAG216/)).toHaveTextContent(
      "Only 2 left: at most 1 per order. Lower the quantity to 1 to check out.",
    );
    // Enough left, and an eBook that is not counted: nothing to say.
    expect(row(/^Salt Water Circuit\s*Paperback/)).not.toHaveTextContent(/left|stock/);
    expect(row(/^Salt Water Circuit\s*eBook/)).not.toHaveTextContent(/left|stock/);

    expect(
      within(row(/^Ultrasonic/)).getByRole("button", { name: /^Remove/ }),
    ).toHaveAccessibleDescription("Out of stock: remove it to check out");
    expect(
      within(row(/^Salt Water Circuit\s*Paperback/)).getByRole("button", { name: /^Remove/ }),
    ).not.toHaveAttribute("aria-describedby");
    expect(askStock).toHaveBeenCalledTimes(1);
  });

  it("says when only one is left", async () => {
    await openCart(() => Promise.resolve({ 18: 1 }));
    await waitFor(() =>
      expect(row(/^NTAG216/)).toHaveTextContent(
        "Only 1 left. Lower the quantity to 1 to check out.",
      ),
    );
  });

  it("warns about nothing while the counts load or when they fail", async () => {
    await openCart(() => Promise.reject(new Error("offline")));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/Out of stock|left/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Checkout" })).toBeVisible();
  });
});

describe("/cart lines", () => {
  it("come before the shipping form, which an empty cart does not show", async () => {
    await openCart(() => Promise.resolve({}));
    const cart = screen.getByRole("region", { name: "Your Cart" });
    const form = screen.getByRole("form", { name: "Shipping Info" });
    expect(cart.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    for (const button of screen.getAllByRole("button", { name: /^Remove/ })) {
      await userEvent.click(button);
    }
    expect(await screen.findByText("Your cart is empty.")).toBeVisible();
    expect(screen.getByRole("link", { name: "books" })).toBeVisible();
    expect(screen.queryByRole("form", { name: "Shipping Info" })).not.toBeInTheDocument();
  });

  it("mark a product sold to adults only, and no other", async () => {
    await openCart(() => Promise.resolve({}));
    expect(within(row(/^NTAG216/)).getByText("Adults only (18+)")).toBeVisible();
    expect(row(/^Ultrasonic/)).not.toHaveTextContent("Adults only");
    expect(row(/^Salt Water Circuit\s*Paperback/)).not.toHaveTextContent("Adults only");
  });
});

describe("/cart lines (issue 37)", () => {
  it("name the size chosen, beside the product's picture", async () => {
    storeCart([
      { id: 25, type: "Ultrasonic Cleaner", quantity: 1 },
      { id: 47, type: "Hoodie", quantity: 1 },
    ]);
    await openCartWithStored(() => Promise.resolve({}));
    const hoodie = row(/^Circuit Trace Hoodie/);
    expect(hoodie).toHaveTextContent("Circuit Trace HoodieHoodie — Size L");
    expect(hoodie.querySelector("img")).toHaveAttribute(
      "src",
      "/images/products/circuit-trace-hoodie-front.svg",
    );
    // The picture repeats the name beside it: screen readers skip it.
    expect(hoodie.querySelector("img")).toHaveAttribute("alt", "");
  });
});

describe("/cart quantities", () => {
  const storedQuantities = () =>
    (JSON.parse(localStorage.getItem("cart") ?? "[]") as { id: number; quantity: number }[]).map(
      ({ id, quantity }) => [id, quantity],
    );

  it("go up and down with + and −, in storage and in the total, and say so", async () => {
    await openCart(() => Promise.resolve({ 25: 40, 7: 20 }));
    const paperback = within(row(/^Salt Water Circuit\s*Paperback/));
    const total = () => screen.getByText("Total Value").nextElementSibling?.textContent;
    const before = total();
    await userEvent.click(paperback.getByRole("button", { name: "One more Salt Water Circuit" }));
    expect(
      paperback.getByRole("spinbutton", { name: "Quantity of Salt Water Circuit" }),
    ).toHaveValue(3);
    expect(storedQuantities()).toContainEqual([7, 3]);
    expect(total()).not.toBe(before);
    expect(screen.getByText("Salt Water Circuit: quantity 3")).toBeInTheDocument();

    await userEvent.click(paperback.getByRole("button", { name: "One fewer Salt Water Circuit" }));
    await userEvent.click(paperback.getByRole("button", { name: "One fewer Salt Water Circuit" }));
    expect(storedQuantities()).toContainEqual([7, 1]);
    const fewer = paperback.getByRole("button", { name: "One fewer Salt Water Circuit" });
    expect(fewer).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(fewer);
    expect(storedQuantities()).toContainEqual([7, 1]);
    expect(total()).not.toBe(before);
  });

  it("stop at what one order may take and say why next to the line", async () => {
    await openCart(() => Promise.resolve({ 25: 40, 7: 20 }));
    const cleaner = within(row(/^Ultrasonic/));
    const more = cleaner.getByRole("button", {
      name: "One more Ultrasonic Instrument Cleaner 2 L",
    });
    for (let press = 0; press < 6; press += 1) await userEvent.click(more);
    expect(storedQuantities()).toContainEqual([25, 5]);
    expect(more).toHaveAttribute("aria-disabled", "true");
    // Still focusable where the press left it, and the limit is announced with the quantity.
    expect(more).toHaveFocus();
    expect(
      screen.getByText("Ultrasonic Instrument Cleaner 2 L: quantity 5. At most 5 per order"),
    ).toBeInTheDocument();
    expect(more).toHaveAccessibleDescription("At most 5 per order");
    expect(row(/^Ultrasonic/)).toHaveTextContent("At most 5 per order");
  });

  it("take a typed number, and say when it is more than one order may take", async () => {
    await openCart(() => Promise.resolve({ 25: 40, 7: 20 }));
    const field = within(row(/^Salt Water Circuit\s*Paperback/)).getByRole("spinbutton", {
      name: "Quantity of Salt Water Circuit",
    });
    await userEvent.clear(field);
    expect(storedQuantities()).toContainEqual([7, 2]);
    await userEvent.type(field, "8");
    expect(storedQuantities()).toContainEqual([7, 8]);
    expect(field).toHaveAccessibleDescription(
      "At most 5 per order. Lower the quantity to 5 to check out.",
    );
  });

  it("follow the shop's own cap per product", async () => {
    storeCart([{ id: 25, type: "Ultrasonic Cleaner", quantity: 2 }]);
    await openCartWithStored(() => Promise.resolve({ 25: 40 }), 2);
    const more = within(row(/^Ultrasonic/)).getByRole("button", { name: /^One more/ });
    expect(more).toHaveAttribute("aria-disabled", "true");
    expect(more).toHaveAccessibleDescription("At most 2 per order");
  });

  it("under ten left, stop at half of them", async () => {
    await openCart(() => Promise.resolve({ 25: 6, 7: 20 }));
    const cleaner = within(row(/^Ultrasonic/));
    const more = cleaner.getByRole("button", {
      name: "One more Ultrasonic Instrument Cleaner 2 L",
    });
    await userEvent.click(more);
    await userEvent.click(more);
    expect(more).toHaveAttribute("aria-disabled", "true");
    expect(storedQuantities()).toContainEqual([25, 3]);
    expect(row(/^Ultrasonic/)).toHaveTextContent("Only 6 left: at most 3 per order");
  });

  it("count a product's lines together, as checkout does", async () => {
    storeCart([
      { id: 7, type: "", quantity: 3 },
      { id: 7, type: "Paperback", quantity: 1 },
      { id: 25, type: "Ultrasonic Cleaner", quantity: 1 },
    ]);
    await openCartWithStored(() => Promise.resolve({ 7: 20, 25: 40 }));
    const [fromLink, fromShop] = screen.getAllByRole("group", {
      name: "Quantity of Salt Water Circuit",
    });
    const more = (group: HTMLElement | undefined) =>
      within(group!).getByRole("button", { name: "One more Salt Water Circuit" });
    await userEvent.click(more(fromShop));
    expect(storedQuantities()).toContainEqual([7, 2]);
    // 3 + 2 is the cap of 5: neither line may go higher.
    expect(more(fromLink)).toHaveAttribute("aria-disabled", "true");
    expect(more(fromShop)).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(more(fromLink));
    expect(storedQuantities()).toContainEqual([7, 3]);
  });
});
