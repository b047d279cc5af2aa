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

/** The same books sent to the USA: a GST-free export, priced less the GST (issue 38). */
const exported: OrderView = {
  ...sampleOrder,
  address: { ...sampleOrder.address!, city: "Boston", postcode: "02108", country: "United States" },
  lines: [{ ...sampleOrder.lines[0]!, taxClass: "export", gstCents: 0, gstRemovedCents: 418 }],
  shippingCents: 1000,
  gstFreeExport: true,
  gstRemovedCents: 418,
  totalCents: 5180,
  gstCents: 0,
  shippingGstCents: 0,
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
    // Quantity, unit price, the line's GST, amount.
    expect(rows[1]).toHaveTextContent("2$22.99 AUD$4.18 AUD$45.98 AUD");
    expect(screen.getByRole("table")).toHaveTextContent("Shipping$1.82 AUD$20.00 AUD");
    expect(screen.getByText("Total price includes GST of $6.00 AUD.")).toBeVisible();
    expect(screen.getByText(/^Due: \$65\.98 AUD by bank transfer/)).toBeVisible();
    // The buyer by name and delivery address (ATO: required from AUD 1,000, expected by all).
    expect(screen.getByText(/Ada Lovelace/)).toBeVisible();
    expect(screen.getByText(/1 Analytical Way, Sydney NSW 2000, Australia/)).toBeVisible();
    expect(screen.getByText(/ada@example\.com/)).toBeVisible();
    expect(screen.getByRole("link", { name: "Back to the order" })).toHaveAttribute(
      "href",
      "/orders/KB-100042?token=tok_123",
    );
  });

  it("says a parcel abroad is a GST-free export: no GST on its lines or shipping, none in total", async () => {
    openInvoice(exported);
    const rows = await screen.findAllByRole("row");
    expect(rows[1]).toHaveTextContent("2$22.99 AUDGST-free export$45.98 AUD");
    const table = screen.getByRole("table");
    expect(table).toHaveTextContent("ShippingGST-free export$10.00 AUD");
    expect(table).toHaveTextContent("GST removed: delivery outside Australia−$4.18 AUD");
    expect(table).toHaveTextContent("Total$51.80 AUD");
    expect(table).toHaveTextContent("GST included in the total$0.00 AUD");
    expect(
      screen.getByText(/^GST-free export: the goods were delivered outside Australia/),
    ).toBeVisible();
    expect(screen.queryByText(/includes GST of/)).not.toBeInTheDocument();
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
