import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { OrderView } from "#core/orders/order.ts";
import type { PageServices } from "#core/pages/page-services.ts";
import type { ReturnRequest } from "#core/orders/returns.ts";
import { sampleOrder } from "#tests/fixtures/order-views.ts";
import { servicesContext } from "#app/load-context.ts";
import Order, { action, clientAction } from "./order.tsx";
import OrderLayout, { loader } from "./order-layout.tsx";

// Issue 38 item 3: a delivered parcel's page asks for a return, a plain form the action takes.

const FIRST_RENDER = { timeout: 10_000 };

const delivered: OrderView = {
  ...sampleOrder,
  status: "delivered",
  payment: null,
  canCancel: false,
  history: [
    ...sampleOrder.history,
    { status: "delivered", at: "2026-11-30T00:00:00.000Z", note: null },
  ],
  returnRequest: { open: true, until: "2026-12-14T00:00:00.000Z", askedAt: null },
};

function openOrder(order: OrderView, refusal?: Error) {
  const asked: { input: ReturnRequest; token: string | undefined }[] = [];
  const services = {
    orders: {
      find: async () => order,
      askReturn: async (_number: string, input: ReturnRequest, access: { token?: string }) => {
        if (refusal) throw refusal;
        asked.push({ input, token: access.token });
        return {
          ...order,
          returnRequest: { ...order.returnRequest, askedAt: "2026-12-01T01:00:00.000Z" },
        };
      },
    },
  } as unknown as PageServices;
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const Stub = createRoutesStub([
    {
      Component: OrderLayout,
      loader: ({ request, params }) =>
        loader({ request, params, context } as unknown as Parameters<typeof loader>[0]),
      HydrateFallback: () => <p>Loading…</p>,
      children: [
        {
          path: "/orders/:number",
          Component: Order,
          action: ({ request, params }) =>
            clientAction({
              request,
              serverAction: () =>
                action({ request: request.clone(), params, context } as unknown as Parameters<
                  typeof action
                >[0]),
            } as unknown as Parameters<typeof clientAction>[0]),
        },
      ],
    },
  ]);
  render(<Stub initialEntries={["/orders/KB-100042?token=tok_123"]} />);
  return asked;
}

describe("asking for a return from the order page", () => {
  it("sends the items, reason and message with the link's token, and says it arrived", async () => {
    const asked = openOrder(delivered);
    const user = userEvent.setup();
    const section = await screen.findByRole("region", { name: "Ask for a return" }, FIRST_RENDER);
    expect(section).toHaveTextContent("within 14 days of delivery");
    await user.selectOptions(
      within(section).getByLabelText("Salt Water Circuit (Paperback): 2 ordered"),
      "1",
    );
    await user.selectOptions(within(section).getByLabelText("Reason"), "Wrong item sent");
    await user.type(within(section).getByLabelText("What happened?"), "A mug came instead.");
    await user.click(within(section).getByRole("button", { name: "Send return request" }));

    expect(await screen.findByText(/We have your return request/)).toHaveFocus();
    expect(asked).toEqual([
      {
        input: {
          reason: "wrong_item",
          message: "A mug came instead.",
          lines: [{ productId: 7, quantity: 1 }],
        },
        token: "tok_123",
      },
    ]);
  });

  it("puts the server's messages next to the fields, and keeps what was typed", async () => {
    const asked = openOrder(delivered);
    const user = userEvent.setup();
    const section = await screen.findByRole("region", { name: "Ask for a return" }, FIRST_RENDER);
    await user.click(within(section).getByRole("button", { name: "Send return request" }));
    expect(await within(section).findByText("Please choose a reason")).toBeVisible();
    const reason = within(section).getByLabelText("Reason");
    expect(reason).toHaveAttribute("aria-invalid", "true");
    expect(reason).toHaveAccessibleDescription("Please choose a reason");
    expect(reason).toHaveFocus();
    expect(within(section).getByLabelText("What happened?")).toHaveAccessibleDescription(
      /Please tell us what happened/,
    );
    expect(asked).toEqual([]);
  });

  it("says why the server refused", async () => {
    const refusal = Object.assign(new Error("The 14 days to ask for a return have passed."), {
      statusCode: 409,
      code: "return_closed",
    });
    openOrder(delivered, refusal);
    const user = userEvent.setup();
    const section = await screen.findByRole("region", { name: "Ask for a return" }, FIRST_RENDER);
    await user.selectOptions(within(section).getByLabelText("Reason"), "Faulty or damaged");
    await user.type(within(section).getByLabelText("What happened?"), "Cracked");
    await user.click(within(section).getByRole("button", { name: "Send return request" }));
    // The alert is on the page from the start, empty: its words come with the answer.
    await waitFor(() =>
      expect(within(section).getByRole("alert")).toHaveTextContent(
        "Your request was not sent. The 14 days to ask for a return have passed.",
      ),
    );
  });

  it("offers no form outside the window, but still says when the buyer asked", async () => {
    openOrder({
      ...delivered,
      returnRequest: { open: false, until: null, askedAt: "2026-12-01T01:00:00.000Z" },
    });
    const section = await screen.findByRole(
      "region",
      { name: "Your return request" },
      FIRST_RENDER,
    );
    expect(section).toHaveTextContent("You asked for a return on");
    expect(within(section).queryByRole("button")).toBeNull();
  });

  it("offers nothing for an order the window never opened for", async () => {
    openOrder(sampleOrder);
    await screen.findByRole("heading", { name: "Order KB-100042" }, FIRST_RENDER);
    expect(screen.queryByRole("region", { name: /return/ })).toBeNull();
  });
});
