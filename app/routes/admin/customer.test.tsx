import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CustomerDetail } from "#core/admin/customer-admin-schemas.ts";
import { apiAnswers } from "#tests/app/fake-fetch.ts";
import AdminCustomer, { clientLoader } from "./customer.tsx";
import { fakeLoginToken } from "#tests/app/fake-login.ts";

const reason = "550 5.1.1 No such user";
const ada: CustomerDetail = {
  id: 7,
  username: "ada",
  email: "ada@example.com",
  verified: true,
  subscribed: true,
  staff: false,
  joinedAt: "2026-02-01T10:00:00.000Z",
  orders: 0,
  paidCents: 0,
  subscriptionChangedAt: "2026-03-01T10:00:00.000Z",
  bounce: null,
  history: [],
};
let customer: CustomerDetail;

beforeEach(() => {
  localStorage.setItem("authToken", fakeLoginToken("alice"));
  vi.spyOn(globalThis, "fetch").mockImplementation(
    apiAnswers({ "GET /admin/customers/7": () => customer }),
  );
});

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

async function newsletters() {
  const Stub = createRoutesStub([
    {
      path: "/admin/customers/:id",
      Component: AdminCustomer as never,
      loader: (args) => clientLoader(args as never),
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={["/admin/customers/7"]} />);
  const term = await screen.findByText("Newsletters", { selector: "dt" });
  return term.nextElementSibling;
}

describe("a customer's page in the back office", () => {
  it("says a subscriber receives the newsletters", async () => {
    customer = ada;
    expect(await newsletters()).toHaveTextContent(/^Receives them$/);
  });

  it("says in words when the address bounced, that newsletters skip it, and what the server said", async () => {
    customer = { ...ada, bounce: { at: "2026-06-01T10:00:00.000Z", reason } };
    const delivery = await newsletters();
    expect(delivery).toHaveTextContent(/^Bounced on .+: newsletters skip this address\./);
    expect(delivery).toHaveTextContent(`Their mail server said: ${reason}`);
  });

  it("says none is sent to an account that has not subscribed", async () => {
    customer = { ...ada, subscribed: false, subscriptionChangedAt: null };
    expect(await newsletters()).toHaveTextContent(/^Not sent: not subscribed$/);
  });
});
