import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { OrderSummary } from "#core/orders/order.ts";
import { OrderHistory, type OrderHistoryState } from "./order-history.tsx";

function renderHistory(orders: OrderHistoryState) {
  const Stub = createRoutesStub([
    { path: "/account", Component: () => <OrderHistory orders={orders} /> },
  ]);
  render(<Stub initialEntries={["/account"]} />);
}

const orders: OrderSummary[] = [
  {
    number: "KB-100043",
    createdAt: "2026-11-23T01:00:00.000Z",
    status: "paid",
    totalCents: 995,
    downloads: [],
  },
  {
    number: "KB-100042",
    createdAt: "2026-11-20T01:00:00.000Z",
    status: "awaiting_payment",
    totalCents: 6598,
    downloads: [],
  },
];

describe("OrderHistory", () => {
  it("says it is reading the orders until the page's loader has them", async () => {
    renderHistory(undefined);
    expect(await screen.findByRole("heading", { level: 2, name: "Your orders" })).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent("Loading your orders…");
  });

  it("lists the account's orders, newest first, each linking to its page", async () => {
    renderHistory(orders);
    const rows = await screen.findAllByRole("row");
    expect(rows).toHaveLength(3);
    const first = within(rows[1]!);
    expect(first.getByRole("link", { name: "KB-100043" })).toHaveAttribute(
      "href",
      "/orders/KB-100043",
    );
    expect(rows[1]).toHaveTextContent("23 Nov 2026");
    expect(rows[1]).toHaveTextContent("Paid");
    expect(rows[1]).toHaveTextContent("$9.95 AUD");
    expect(rows[2]).toHaveTextContent("KB-100042");
    expect(rows[2]).toHaveTextContent("Awaiting payment");
  });

  it("says when there are no orders yet", async () => {
    renderHistory([]);
    expect(await screen.findByText("You haven't placed any orders yet.")).toBeVisible();
  });

  it("says when the orders could not be loaded", async () => {
    renderHistory("failed");
    expect(await screen.findByRole("alert")).toHaveTextContent("could not be loaded");
  });
});

describe("the account's downloads (issue 26)", () => {
  it("lists every working link of its paid orders, and sends an expired one to its order", async () => {
    const link = {
      productId: 8,
      name: "Salt Water Circuit",
      expiresAt: "2026-12-24T00:00:00.000Z",
      downloads: 0,
      limit: 5,
    };
    renderHistory([
      {
        ...orders[0]!,
        status: "delivered",
        downloads: [
          { ...link, id: 1, format: "epub", url: "/downloads/a?token=t", state: "ready" },
          { ...link, id: 2, format: "pdf", url: "/downloads/b?token=t", state: "expired" },
        ],
      },
      orders[1]!,
    ]);
    const list = await screen.findByRole("list", { name: "Your downloads" });
    expect(
      within(list).getByRole("link", { name: "Download Salt Water Circuit (EPUB)" }),
    ).toHaveAttribute("href", "/downloads/a?token=t");
    expect(list).toHaveTextContent("Salt Water Circuit (PDF) · link expired");
    expect(within(list).getByRole("link", { name: "open order KB-100043" })).toHaveAttribute(
      "href",
      "/orders/KB-100043",
    );
  });

  it("shows no downloads section for orders without eBooks", async () => {
    renderHistory(orders);
    await screen.findAllByRole("row");
    expect(screen.queryByRole("list", { name: "Your downloads" })).toBeNull();
  });
});
