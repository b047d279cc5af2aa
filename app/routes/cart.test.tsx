import { render, screen, waitFor, within } from "@testing-library/react";
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
];

function openCart(answer: () => Promise<StockLevels>) {
  localStorage.setItem(
    "cart",
    JSON.stringify([
      { id: 25, type: "Ultrasonic Cleaner", quantity: 1 },
      { id: 18, type: "Implant Kit", quantity: 3 },
      { id: 7, type: "Paperback", quantity: 2 },
      { id: 8, type: "eBook", quantity: 4 },
    ]),
  );
  askStock.mockImplementation(answer);
  const Stub = createRoutesStub([
    {
      path: "/cart",
      // As in the browser: the build's catalogue, then the clientLoader's live counts.
      loader: () =>
        clientLoader({
          serverLoader: () => Promise.resolve({ products }),
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
      "Only 2 left: remove it and add up to 2 again to check out",
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

  it("says one is left in words", async () => {
    await openCart(() => Promise.resolve({ 18: 1 }));
    await waitFor(() =>
      expect(row(/^NTAG216/)).toHaveTextContent(
        "Only 1 left: remove it and add one again to check out",
      ),
    );
  });

  it("warns about nothing while the counts load or when they fail", async () => {
    await openCart(() => Promise.reject(new Error("offline")));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/Out of stock|left:/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Checkout" })).toBeVisible();
  });
});

describe("/cart lines", () => {
  it("mark a product sold to adults only, and no other", async () => {
    await openCart(() => Promise.resolve({}));
    expect(within(row(/^NTAG216/)).getByText("Adults only (18+)")).toBeVisible();
    expect(row(/^Ultrasonic/)).not.toHaveTextContent("Adults only");
    expect(row(/^Salt Water Circuit\s*Paperback/)).not.toHaveTextContent("Adults only");
  });
});
