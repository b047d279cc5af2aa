import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StockLevels } from "#core/orders/availability.ts";
import { fetchStockLevels } from "#app/features/shop/fetch-stock-levels.ts";
import { catalogueContext } from "#tests/app/catalogue-context.ts";
import Shop, { clientLoader, loader } from "./shop.tsx";

vi.mock("#app/features/shop/fetch-stock-levels.ts", () => ({ fetchStockLevels: vi.fn() }));
const askStock = vi.mocked(fetchStockLevels);

afterEach(() => {
  vi.resetAllMocks();
});

const CLEANER = "Ultrasonic Instrument Cleaner 2 L"; // id 25
const READER = "Dual-Frequency RFID/NFC Reader-Writer"; // id 14
const VIEWER = "Magnetic Field Viewer Card"; // id 13

type ClientLoaderArgs = Parameters<typeof clientLoader>[0];

/**
 * The page as the browser has it: the real loader over content/products.csv (as a fresh
 * database holds it), then the clientLoader's live counts (`withStock: false` is the page before they arrive).
 */
function openCyberware(answer: () => Promise<StockLevels>, { withStock = true } = {}) {
  askStock.mockImplementation(answer);
  const Stub = createRoutesStub([
    {
      path: "/cyberware",
      loader: ({ request }) => {
        const page = () =>
          Promise.resolve(
            loader({
              request,
              url: new URL(request.url),
              context: catalogueContext(),
            } as unknown as Parameters<typeof loader>[0]),
          );
        return withStock
          ? clientLoader({ serverLoader: page } as unknown as ClientLoaderArgs)
          : page();
      },
      Component: Shop as never,
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={["/cyberware"]} />);
  // The first render of 13 cards in jsdom can take more than findBy's default second.
  return screen.findByText(CLEANER, {}, { timeout: 10_000 });
}

const card = (name: string) =>
  screen.getAllByRole("article").find((article) => within(article).queryByText(name))!;
const addButton = (name: string) =>
  within(card(name)).getByRole("button", { name: /^Add to Cart/ });
const stockLine = (name: string) => within(card(name)).getByText(/\$\d.* AUD/).nextElementSibling;

describe("stock on a shop page", () => {
  it("holds an empty line on every card while the counts load, and Add to Cart works", async () => {
    // As hydrated: the server's page, before the clientLoader's counts.
    await openCyberware(() => new Promise(() => {}), { withStock: false });
    const articles = screen.getAllByRole("article");
    expect(articles).toHaveLength(13);
    for (const article of articles) {
      const line = within(article).getByText(/\$\d.* AUD/).nextElementSibling;
      expect(line).toBeEmptyDOMElement();
      expect(line).toHaveAttribute("aria-hidden", "true");
      expect(within(article).getByRole("button", { name: /^Add to Cart/ })).toBeEnabled();
    }
  });

  it("says how many are left on each card; out of stock disables Add to Cart", async () => {
    await openCyberware(() => Promise.resolve({ 25: 0, 14: 2, 13: 60 }));
    await waitFor(() => expect(stockLine(CLEANER)).toHaveTextContent("Out of stock"));
    expect(stockLine(READER)).toHaveTextContent("Only 2 left");
    expect(stockLine(VIEWER)).toHaveTextContent("In stock");

    const cleaner = addButton(CLEANER);
    expect(cleaner).toBeDisabled();
    expect(cleaner).toHaveTextContent("Add to Cart");
    expect(cleaner).toHaveAccessibleDescription("Out of stock");
    expect(addButton(READER)).toBeEnabled();
    expect(addButton(VIEWER)).toBeEnabled();
    expect(askStock).toHaveBeenCalledTimes(1);
  });

  it("says nothing about stock when the request fails, and Add to Cart still adds", async () => {
    const user = userEvent.setup();
    await openCyberware(() => Promise.reject(new Error("The server could not be reached.")));
    expect(askStock).toHaveBeenCalledTimes(1);

    expect(stockLine(CLEANER)).toBeEmptyDOMElement();
    expect(screen.queryByText(/In stock|left|Out of stock|could not/)).not.toBeInTheDocument();
    await user.click(addButton(CLEANER));
    expect(within(card(CLEANER)).getByRole("status")).toHaveTextContent("Added to Cart!");
  });

  it("sends the page no opening stock from the CSV", () => {
    const page = loader({
      request: new Request("http://site/cyberware"),
      url: new URL("http://site/cyberware"),
      context: catalogueContext(),
    } as unknown as Parameters<typeof loader>[0]);
    expect(page.products.length).toBeGreaterThan(0);
    for (const product of page.products) expect(product).not.toHaveProperty("stock");
  });
});
