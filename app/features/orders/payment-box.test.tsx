import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PaymentBox } from "./payment-box.tsx";
import { sampleOrder } from "#tests/fixtures/order-views.ts";

const payment = sampleOrder.payment!;

function setClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, "clipboard", {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });
}

function renderBox(shown = payment) {
  return render(
    <MemoryRouter>
      <PaymentBox payment={shown} placedAt={sampleOrder.createdAt} />
    </MemoryRouter>,
  );
}

afterEach(() => {
  setClipboard(undefined);
});

describe("PaymentBox", () => {
  it("is a region of its own with the bank details and the reference in large type", () => {
    renderBox();
    const box = screen.getByRole("region", { name: "How to pay" });
    for (const text of ["Kybernetes Pty Ltd", "000-000", "0000 0000", "$65.98 AUD"]) {
      expect(within(box).getByText(text)).toBeVisible();
    }
    expect(within(box).getByText("Reference: KB-100042")).toBeVisible();
    expect(box).toHaveTextContent("We ship your order once the money arrives");
    expect(box).toHaveTextContent("Unpaid orders are cancelled after 7 days");
    expect(box).toHaveTextContent("Monday 30 November 2026");
  });

  it("offers the shop's PayID beside the bank details once it has one, with the same reference", () => {
    renderBox({ ...payment, payId: "pay@kybernetes.com.au" });
    const box = screen.getByRole("region", { name: "How to pay" });
    expect(box).toHaveTextContent("Pay by bank transfer or PayID");
    expect(within(box).getByText("Or PayID").nextElementSibling).toHaveTextContent(
      "pay@kybernetes.com.au",
    );
    expect(within(box).getByText("Reference: KB-100042")).toBeVisible();
  });

  it("says nothing of PayID while the shop has none", () => {
    renderBox();
    expect(screen.getByRole("region", { name: "How to pay" })).not.toHaveTextContent("PayID");
  });

  it("says the bank details are an example not to pay into while they are placeholders", () => {
    const { unmount } = renderBox();
    const box = screen.getByRole("region", { name: "How to pay" });
    expect(
      within(box).getByText(/Example details only: do not pay into this account/),
    ).toBeVisible();
    expect(within(box).getByRole("link", { name: "Contact us" })).toHaveAttribute(
      "href",
      "/contactus",
    );
    unmount();

    renderBox({ ...payment, placeholder: false });
    expect(screen.queryByText(/Example details only/)).not.toBeInTheDocument();
  });

  it("copies the reference from the keyboard and says so in a status region", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    setClipboard(writeText);
    renderBox({ ...payment, placeholder: false });
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
    renderBox();
    await userEvent.click(screen.getByRole("button", { name: "Copy reference" }));
    expect(screen.getByRole("status")).toHaveTextContent("please type the reference");
  });
});
