import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OrderView } from "#core/orders/order.ts";
import { siteConfig } from "#core/site-config.ts";
import { sampleOrder } from "#tests/fixtures/order-views.ts";
import OrderInvoice, { meta } from "./order-invoice.tsx";
import OrderLayout from "./order-layout.tsx";

afterEach(() => {
  vi.restoreAllMocks();
});

function openInvoice(order: OrderView) {
  const Stub = createRoutesStub([
    {
      Component: OrderLayout,
      loader: () => ({ order, accessToken: "tok_123" }),
      HydrateFallback: () => null,
      children: [{ path: "/orders/:number/invoice", Component: OrderInvoice }],
    },
  ]);
  render(<Stub initialEntries={[`/orders/${order.number}/invoice`]} />);
}

/** A $1,200 order: from AUD 1,000 a tax invoice must identify the buyer (ATO). */
const large: OrderView = {
  ...sampleOrder,
  lines: [{ ...sampleOrder.lines[0]!, unitCents: 60000, quantity: 2, lineCents: 120000 }],
  itemsCents: 120000,
  shippingCents: 0,
  freeShipping: true,
  totalCents: 120000,
  gstCents: 10909,
};

describe("/orders/:number/invoice", () => {
  it("is a tax invoice: seller, ABN, number, date, items, shipping, total and GST", async () => {
    openInvoice(sampleOrder);
    expect(await screen.findByRole("heading", { level: 1, name: "Tax invoice" })).toBeVisible();
    expect(screen.getByText(siteConfig.companyName)).toBeVisible();
    expect(screen.getByText(new RegExp(`ABN ${siteConfig.abn}`))).toBeVisible();
    expect(screen.getByText("Invoice number").nextElementSibling).toHaveTextContent("KB-100042");
    expect(screen.getByText("Invoice date").nextElementSibling).toHaveTextContent(
      "23 November 2026",
    );
    const rows = screen.getAllByRole("row");
    expect(rows[1]).toHaveTextContent("Salt Water Circuit (Paperback), ISBN 978-0-6450001-7-2");
    expect(rows[1]).toHaveTextContent("2$22.99 AUD$45.98 AUD");
    expect(screen.getByRole("table")).toHaveTextContent("Shipping$20.00 AUD");
    expect(screen.getByText("Total price includes GST of $6.00 AUD.")).toBeVisible();
    expect(screen.getByText(/^Due: \$65\.98 AUD by bank transfer/)).toBeVisible();
    // Under AUD 1,000 the buyer's e-mail is enough; the name and address stay off.
    expect(screen.getByText("ada@example.com")).toBeVisible();
    expect(screen.queryByText(/Lovelace/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the order" })).toHaveAttribute(
      "href",
      "/orders/KB-100042?token=tok_123",
    );
  });

  it("names the buyer and their address from AUD 1,000", async () => {
    openInvoice(large);
    expect(await screen.findByText(/Ada Lovelace/)).toBeVisible();
    expect(screen.getByText(/1 Analytical Way, Sydney NSW 2000, Australia/)).toBeVisible();
    expect(screen.getByRole("table")).toHaveTextContent("ShippingFree");
  });

  it("prints from its Print button, and is never indexed", async () => {
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    openInvoice(sampleOrder);
    await userEvent.click(await screen.findByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledOnce();
    const tags = meta({ params: { number: "KB-100042" } } as unknown as Parameters<typeof meta>[0]);
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
  });
});
