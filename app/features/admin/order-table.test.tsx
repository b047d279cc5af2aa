import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { AdminOrderRow } from "#core/admin/admin-schemas.ts";
import { OrderTable } from "./order-table.tsx";

const row = (number: string, overrides: Partial<AdminOrderRow> = {}): AdminOrderRow => ({
  number,
  createdAt: "2026-11-24T01:00:00.000Z",
  status: "awaiting_payment",
  name: "Ada Lovelace",
  email: "ada@example.com",
  totalCents: 2299,
  units: 1,
  largeUnpaid: false,
  ...overrides,
});

describe("the orders table", () => {
  it("flags a large unpaid order in words, with how many items it holds (issue 23)", () => {
    render(
      <MemoryRouter>
        <OrderTable
          caption="Orders"
          orders={[
            row("KB-100001"),
            row("KB-100002", { units: 12, totalCents: 120_000, largeUnpaid: true }),
          ]}
        />
      </MemoryRouter>,
    );
    const [, small, large] = screen.getAllByRole("row");
    expect(within(large as HTMLElement).getByText("Large unpaid: 12 items")).toBeVisible();
    expect(within(small as HTMLElement).queryByText(/Large unpaid/)).toBeNull();
  });
});
