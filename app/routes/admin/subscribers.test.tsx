import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SubscriberList } from "#core/admin/admin-schemas.ts";
import { apiAnswers } from "#tests/app/fake-fetch.ts";
import AdminSubscribers, { clientLoader } from "./subscribers.tsx";
import { fakeLoginToken } from "#tests/app/fake-login.ts";

const reason = "Can't send mail - all recipients were rejected: 550 5.1.1 No such user";
let list: SubscriberList;

beforeEach(() => {
  localStorage.setItem("authToken", fakeLoginToken("alice"));
  vi.spyOn(globalThis, "fetch").mockImplementation(
    apiAnswers({ "GET /admin/subscribers": () => list }),
  );
});

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

function renderPage() {
  const Stub = createRoutesStub([
    {
      path: "/admin/subscribers",
      Component: AdminSubscribers as never,
      loader: (args) => clientLoader(args as never),
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={["/admin/subscribers"]} />);
}

describe("the subscribers page (issue 39)", () => {
  it("says in words whose address bounced, when, and that newsletters skip it", async () => {
    list = {
      subscribers: [
        {
          username: "ada",
          email: "ada@example.com",
          consentAt: "2026-03-01T10:00:00.000Z",
          bounce: null,
        },
        {
          username: "gone",
          email: "gone@example.com",
          consentAt: "2026-02-01T10:00:00.000Z",
          bounce: { at: "2026-06-01T10:00:00.000Z", reason },
        },
      ],
      total: 2,
      bounced: 1,
      page: 1,
      pages: 1,
    };
    renderPage();
    expect(
      await screen.findByText(
        /^1 address has bounced: the receiving mail server refused it for good, and newsletters skip it\./,
      ),
    ).toBeVisible();
    expect(screen.getByRole("columnheader", { name: "Newsletters" })).toBeVisible();
    const [, ada, gone] = screen.getAllByRole("row");
    expect(within(ada!).getAllByRole("cell").at(-1)).toHaveTextContent("Receives them");
    const delivery = within(gone!).getAllByRole("cell").at(-1)!;
    expect(delivery).toHaveTextContent(/^Bounced on .+: newsletters skip this address\./);
    expect(delivery).toHaveTextContent(`Their mail server said: ${reason}`);
    expect(delivery.querySelector("time")).toHaveAttribute("datetime", "2026-06-01T10:00:00.000Z");
  });

  it("says so when no address has bounced", async () => {
    list = {
      subscribers: [
        {
          username: "ada",
          email: "ada@example.com",
          consentAt: "2026-03-01T10:00:00.000Z",
          bounce: null,
        },
      ],
      total: 1,
      bounced: 0,
      page: 1,
      pages: 1,
    };
    renderPage();
    expect(await screen.findByText("No address on the list has bounced.")).toBeVisible();
  });

  it("pages through the list with the back office's newer and older links", async () => {
    list = {
      subscribers: [{ username: "ada", email: "ada@example.com", consentAt: null, bounce: null }],
      total: 120,
      bounced: 0,
      page: 2,
      pages: 3,
    };
    renderPage();
    const pages = await screen.findByRole("navigation", { name: "Pages of subscribers" });
    expect(within(pages).getByRole("link", { name: "← Newer subscribers" })).toHaveAttribute(
      "href",
      "/admin/subscribers?page=1",
    );
    expect(within(pages).getByRole("link", { name: "Older subscribers →" })).toHaveAttribute(
      "href",
      "/admin/subscribers?page=3",
    );
  });
});
