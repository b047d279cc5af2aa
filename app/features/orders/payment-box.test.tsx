import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PaymentBox } from "./payment-box.tsx";
import { sampleOrder } from "./sample-orders.ts";

const payment = sampleOrder.payment!;

function setClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, "clipboard", {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });
}

afterEach(() => {
  setClipboard(undefined);
});

describe("PaymentBox", () => {
  it("is a region of its own with the bank details and the reference in large type", () => {
    render(<PaymentBox payment={payment} placedAt={sampleOrder.createdAt} />);
    const box = screen.getByRole("region", { name: "How to pay" });
    for (const text of ["Kybernetes Pty Ltd", "062-000", "1234 5678", "$65.98 AUD"]) {
      expect(within(box).getByText(text)).toBeVisible();
    }
    expect(within(box).getByText("Reference: KB-100042")).toBeVisible();
    expect(box).toHaveTextContent("We ship your order once the money arrives");
    expect(box).toHaveTextContent("Unpaid orders are cancelled after 7 days");
    expect(box).toHaveTextContent("Monday 30 November 2026");
  });

  it("copies the reference from the keyboard and says so in a status region", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    setClipboard(writeText);
    render(<PaymentBox payment={payment} placedAt={sampleOrder.createdAt} />);
    const status = screen.getByRole("status");
    expect(status).toBeEmptyDOMElement();

    await userEvent.tab();
    expect(screen.getByRole("button", { name: "Copy reference" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(writeText).toHaveBeenCalledWith("KB-100042");
    expect(status).toHaveTextContent("Copied");
  });

  it("asks to type the reference where the browser cannot copy", async () => {
    setClipboard(undefined);
    render(<PaymentBox payment={payment} placedAt={sampleOrder.createdAt} />);
    await userEvent.click(screen.getByRole("button", { name: "Copy reference" }));
    expect(screen.getByRole("status")).toHaveTextContent("please type the reference");
  });
});
