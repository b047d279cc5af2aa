import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OrderView } from "#core/orders/order.ts";
import { apiAnswers, json, sampleOrder } from "#app/features/orders/sample-orders.ts";
import { indexablePaths } from "#app/paths.ts";
import Order, { clientLoader, ErrorBoundary, HydrateFallback, meta } from "./order.tsx";

afterEach(() => {
  vi.restoreAllMocks();
});

type LoaderArgs = Parameters<typeof clientLoader>[0];

function load(url: string) {
  const request = new Request(`http://shop.test${url}`);
  const number = new URL(request.url).pathname.split("/")[2];
  return clientLoader({ request, params: { number } } as unknown as LoaderArgs);
}

const cancelled: OrderView = {
  ...sampleOrder,
  status: "cancelled",
  payment: null,
  canCancel: false,
  history: [
    ...sampleOrder.history,
    { status: "cancelled", at: "2026-11-24T00:00:00.000Z", note: "You cancelled it" },
  ],
};

function serveOrder() {
  const calls: { url: string; authorization: string | null }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(
    apiAnswers({
      "GET /orders/KB-100042": ({ url, headers }) => {
        calls.push({ url: url.pathname + url.search, authorization: headers.get("authorization") });
        return url.searchParams.get("token") === "tok_123" || headers.has("authorization")
          ? sampleOrder
          : json(404, { error: { code: "not_found", message: "We couldn't find that order." } });
      },
      "POST /orders/KB-100042/cancel": ({ url }) => {
        calls.push({ url: url.pathname + url.search, authorization: null });
        return cancelled;
      },
    }),
  );
  return calls;
}

function openOrder(url: string) {
  const Stub = createRoutesStub([
    {
      path: "/orders/:number",
      Component: Order,
      loader: ({ request, params }) => clientLoader({ request, params } as unknown as LoaderArgs),
      HydrateFallback,
      ErrorBoundary,
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

describe("/orders/:number's data", () => {
  it("opens an order with its link's token, or with the owner's login", async () => {
    const calls = serveOrder();
    expect(await load("/orders/KB-100042?token=tok_123")).toEqual({
      order: sampleOrder,
      accessToken: "tok_123",
    });
    localStorage.setItem("authToken", "member.token");
    expect(await load("/orders/KB-100042")).toMatchObject({ accessToken: null });
    expect(calls).toEqual([
      { url: "/api/orders/KB-100042?token=tok_123", authorization: null },
      { url: "/api/orders/KB-100042", authorization: "Bearer member.token" },
    ]);
  });

  it("turns anyone else's request into the 404 screen", async () => {
    serveOrder();
    const error: unknown = await load("/orders/KB-100042?token=wrong").catch((thrown) => thrown);
    // React Router turns the thrown `data(null, { status: 404 })` into the route's 404.
    expect(error).toMatchObject({ init: { status: 404 } });
  });

  it("is never indexed nor listed in the sitemap", () => {
    const tags = meta({ params: { number: "KB-100042" } } as unknown as Parameters<typeof meta>[0]);
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(indexablePaths().filter((path) => path.startsWith("/orders"))).toEqual([]);
  });
});

describe("/orders/:number", () => {
  it("puts how to pay first, then what happens next, the lines, address, note and history", async () => {
    serveOrder();
    openOrder("/orders/KB-100042?token=tok_123");
    const heading = await screen.findByRole("heading", { level: 1, name: "Order KB-100042" });
    expect(screen.getByText(/^Status:/)).toHaveTextContent("Status: Awaiting payment");

    const payment = screen.getByRole("region", { name: "How to pay" });
    const next = screen.getByRole("heading", { name: "What happens next" });
    expect(
      heading.compareDocumentPosition(payment) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(payment.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(payment).getByText("Reference: KB-100042")).toBeVisible();

    const lines = screen.getByRole("table", { name: "What you ordered" });
    expect(lines).toHaveTextContent("Salt Water Circuit");
    expect(lines).toHaveTextContent("includes GST of $6.00 AUD");
    expect(screen.getByText(/1 Analytical Way/)).toBeVisible();
    expect(screen.getByText("Leave it at the door")).toBeVisible();
    expect(screen.getByRole("list")).toHaveTextContent("Awaiting payment");
    expect(screen.getByRole("link", { name: "Tax invoice" })).toHaveAttribute(
      "href",
      "/orders/KB-100042/invoice?token=tok_123",
    );
  });

  it("cancels after a second, explicit confirmation, with focus kept in step", async () => {
    const calls = serveOrder();
    openOrder("/orders/KB-100042?token=tok_123");
    await userEvent.click(await screen.findByRole("button", { name: "Cancel order" }));
    const keep = screen.getByRole("button", { name: "Keep my order" });
    await waitFor(() => expect(keep).toHaveFocus());
    expect(screen.getByRole("group", { name: /Cancel order KB-100042\?/ })).toBeVisible();
    await userEvent.click(keep);
    await waitFor(() => expect(screen.getByRole("button", { name: "Cancel order" })).toHaveFocus());
    expect(calls.some((call) => call.url.includes("/cancel"))).toBe(false);

    await userEvent.click(screen.getByRole("button", { name: "Cancel order" }));
    await userEvent.click(screen.getByRole("button", { name: "Yes, cancel the order" }));
    expect(await screen.findByText("Order KB-100042 is cancelled.")).toBeVisible();
    expect(calls.at(-1)?.url).toBe("/api/orders/KB-100042/cancel?token=tok_123");
    expect(screen.getByText(/^Status:/)).toHaveTextContent("Status: Cancelled");
    expect(screen.queryByRole("region", { name: "How to pay" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel order" })).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveFocus();
    expect(screen.getByRole("list")).toHaveTextContent("Cancelled (You cancelled it)");
  });

  it("says it couldn't find the order, and how to open it", async () => {
    serveOrder();
    openOrder("/orders/KB-100042");
    expect(
      await screen.findByRole("heading", { name: "We couldn't find that order" }),
    ).toBeVisible();
    expect(screen.getByText(/link in your order e-mail/)).toBeVisible();
    expect(screen.getByRole("link", { name: "log in" })).toHaveAttribute("href", "/login");
  });
});
