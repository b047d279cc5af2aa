import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OrderView } from "#core/orders/order.ts";
import type { PageServices } from "#core/pages/page-services.ts";
import { apiAnswers, json } from "#tests/app/fake-fetch.ts";
import { sampleOrder } from "#tests/fixtures/order-views.ts";
import { servicesContext } from "#app/load-context.ts";
import { indexablePaths } from "#app/paths.ts";
import Order, { action, clientAction, meta } from "./order.tsx";
import OrderLayout, { clientLoader, ErrorBoundary, loader } from "./order-layout.tsx";

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  server = serverOrders();
});

type LoaderArgs = Parameters<typeof clientLoader>[0];
type ServerArgs = Parameters<typeof loader>[0];

/** The server's order service, as the page's loader and action reach it: one order, KB-100042. */
function serverOrders(refuseCancel?: Error, { reloadsStale = false } = {}) {
  let current: OrderView = sampleOrder;
  const calls: { call: string; access: { login?: string; token?: string } }[] = [];
  const opens = (access: { login?: string; token?: string }) =>
    access.token === "tok_123" || access.login === "member.token";
  const services = {
    orders: {
      find: async (_number: string, access: { login?: string; token?: string }) => {
        calls.push({ call: "find", access });
        if (!opens(access)) return undefined;
        return reloadsStale ? sampleOrder : current;
      },
      cancel: async (_number: string, access: { login?: string; token?: string }) => {
        calls.push({ call: "cancel", access });
        if (refuseCancel) throw refuseCancel;
        if (!opens(access)) return undefined;
        current = cancelled;
        return current;
      },
    },
  } as unknown as PageServices;
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  return { calls, context };
}

let server = serverOrders();

/** The page's clientLoader, in front of its server loader (over `server`'s orders). */
function loadPage({ request, params }: { request: Request; params: { number?: string } }) {
  return clientLoader({
    request,
    params,
    serverLoader: () =>
      loader({ request, params, context: server.context } as unknown as ServerArgs),
  } as unknown as LoaderArgs);
}

function load(url: string) {
  const request = new Request(`http://shop.test${url}`);
  const number = new URL(request.url).pathname.split("/")[2];
  return loadPage({ request, params: { number } });
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
    }),
  );
  return calls;
}

// The first render in jsdom can take more than findBy's default second on a busy machine.
const FIRST_RENDER = { timeout: 10_000 };

function openOrder(url: string) {
  const Stub = createRoutesStub([
    {
      Component: OrderLayout,
      loader: loadPage,
      HydrateFallback: () => <p>Loading…</p>,
      ErrorBoundary,
      children: [
        {
          path: "/orders/:number",
          Component: Order,
          action: ({ request, params }) =>
            clientAction({
              request,
              serverAction: () =>
                action({
                  request: request.clone(),
                  params,
                  context: server.context,
                } as unknown as Parameters<typeof action>[0]),
            } as unknown as Parameters<typeof clientAction>[0]),
        },
      ],
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

describe("/orders/:number's data", () => {
  it("opens an order with its link's token on the server, or with the owner's login", async () => {
    const calls = serveOrder();
    expect(await load("/orders/KB-100042?token=tok_123")).toEqual({
      order: sampleOrder,
      accessToken: "tok_123",
    });
    expect(server.calls).toEqual([{ call: "find", access: { token: "tok_123" } }]);
    // The login is the browser's: the page asks the API with it.
    localStorage.setItem("authToken", "member.token");
    expect(await load("/orders/KB-100042")).toMatchObject({ accessToken: null });
    expect(calls).toEqual([{ url: "/api/orders/KB-100042", authorization: "Bearer member.token" }]);
    expect(server.calls).toHaveLength(1);
  });

  it("leaves an order without a token to the browser, where the login is", async () => {
    const page = await loader({
      request: new Request("http://shop.test/orders/KB-100042"),
      params: { number: "KB-100042" },
      context: server.context,
    } as unknown as ServerArgs);
    expect(page).toEqual({ order: null, accessToken: null });
    expect(server.calls).toEqual([]);
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
    const heading = await screen.findByRole(
      "heading",
      { level: 1, name: "Order KB-100042" },
      FIRST_RENDER,
    );
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
    await userEvent.click(
      await screen.findByRole("button", { name: "Cancel order" }, FIRST_RENDER),
    );
    // Each step is a press of the page's form, answered at once in the browser.
    const keep = await screen.findByRole("button", { name: "Keep my order" });
    await waitFor(() => expect(keep).toHaveFocus());
    expect(screen.getByRole("group", { name: /Cancel order KB-100042\?/ })).toBeVisible();
    await userEvent.click(keep);
    await waitFor(() => expect(screen.getByRole("button", { name: "Cancel order" })).toHaveFocus());
    expect(server.calls.some(({ call }) => call === "cancel")).toBe(false);

    await userEvent.click(screen.getByRole("button", { name: "Cancel order" }));
    await userEvent.click(await screen.findByRole("button", { name: "Yes, cancel the order" }));
    expect(await screen.findByText("Order KB-100042 is cancelled.")).toBeVisible();
    expect(server.calls).toContainEqual({
      call: "cancel",
      access: { login: undefined, token: "tok_123" },
    });
    expect(calls).toEqual([]);
    expect(screen.getByText(/^Status:/)).toHaveTextContent("Status: Cancelled");
    expect(screen.queryByRole("region", { name: "How to pay" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel order" })).not.toBeInTheDocument();
    // Focus moves in an effect after the cancelled order is drawn.
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 })).toHaveFocus());
    expect(screen.getByRole("list")).toHaveTextContent("Cancelled (You cancelled it)");
  });

  it("shows the cancelled order from the cancel's own answer, whatever the reload brings", async () => {
    // A press while the page still hydrates can leave the route's reload with the first HTML's
    // order: the page must not go back to "Awaiting payment" then.
    server = serverOrders(undefined, { reloadsStale: true });
    serveOrder();
    openOrder("/orders/KB-100042?token=tok_123");
    await userEvent.click(
      await screen.findByRole("button", { name: "Cancel order" }, FIRST_RENDER),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Yes, cancel the order" }));
    expect(await screen.findByText("Order KB-100042 is cancelled.")).toBeVisible();
    expect(screen.getByText(/^Status:/)).toHaveTextContent("Status: Cancelled");
    expect(screen.queryByRole("button", { name: "Cancel order" })).not.toBeInTheDocument();
  });

  it("says why an order could not be cancelled, and keeps the choice on screen", async () => {
    server = serverOrders(
      Object.assign(new Error("This order is paid: contact us to cancel it."), {
        statusCode: 409,
        code: "cannot_cancel",
      }),
    );
    serveOrder();
    openOrder("/orders/KB-100042?token=tok_123");
    await userEvent.click(
      await screen.findByRole("button", { name: "Cancel order" }, FIRST_RENDER),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Yes, cancel the order" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(
        "This order is paid: contact us to cancel it.",
      ),
    );
    expect(screen.getByRole("button", { name: "Yes, cancel the order" })).toBeEnabled();
    expect(screen.getByText(/^Status:/)).toHaveTextContent("Status: Awaiting payment");
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

describe("/orders/:number's downloads (issue 26)", () => {
  const link = (id: number, format: "epub" | "pdf", state: "ready" | "expired" | "used_up") => ({
    id,
    productId: 8,
    name: "Salt Water Circuit",
    format,
    url: `/downloads/secret-${id}-${state}?token=tok_123`,
    expiresAt: "2026-12-24T00:00:00.000Z",
    downloads: state === "used_up" ? 5 : 1,
    limit: 5,
    state,
  });
  const ebookLine = { ...sampleOrder.lines[0]!, productId: 8, type: "eBook", digital: true };
  const delivered: OrderView = {
    ...sampleOrder,
    status: "delivered",
    address: null,
    shippingCents: 0,
    shipsParcel: false,
    payment: null,
    canCancel: false,
    lines: [ebookLine],
    downloads: [link(1, "epub", "expired"), link(2, "pdf", "used_up")],
  };

  /** The server's order service with one delivered eBook order whose EPUB link renews. */
  function deliveredOrders() {
    const renewed: string[] = [];
    const services = {
      orders: {
        find: async () => delivered,
        renewDownload: async (_number: string, id: number, access: { token?: string }) => {
          renewed.push(`${id}:${access.token ?? ""}`);
          return { ...delivered, downloads: [link(id, "epub", "ready"), delivered.downloads[1]!] };
        },
      },
    } as unknown as PageServices;
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    return { renewed, context };
  }

  it("lists each file, says why a link sent the buyer back, and makes a fresh one", async () => {
    const orders = deliveredOrders();
    server = { calls: [], context: orders.context };
    openOrder("/orders/KB-100042?token=tok_123&download=expired");
    const downloads = await screen.findByRole("region", { name: "Your downloads" }, FIRST_RENDER);
    expect(within(downloads).getByRole("alert")).toHaveTextContent(
      "That download link has expired.",
    );
    expect(within(downloads).getByText(/Salt Water Circuit \(PDF\)/)).toBeVisible();
    expect(downloads).toHaveTextContent("downloaded 5 of 5 times, the limit");
    expect(within(downloads).getByRole("link", { name: "Contact us" })).toHaveAttribute(
      "href",
      "/contactus",
    );
    // No shipping address for downloads only, and no shipping charged.
    expect(screen.queryByRole("heading", { name: "Shipping address" })).toBeNull();
    expect(screen.getByRole("table", { name: "What you ordered" })).toHaveTextContent(
      "None: delivered by download",
    );

    await userEvent.click(
      within(downloads).getByRole("button", {
        name: "Get a fresh link for Salt Water Circuit (EPUB)",
      }),
    );
    const fresh = await within(downloads).findByRole("link", {
      name: "Download Salt Water Circuit (EPUB)",
    });
    expect(fresh).toHaveAttribute("href", "/downloads/secret-1-ready?token=tok_123");
    expect(orders.renewed).toEqual(["1:tok_123"]);
  });

  it("tells the buyer of an unpaid eBook that the links come with the payment", async () => {
    server = {
      calls: [],
      context: (() => {
        const context = new RouterContextProvider();
        const unpaid = { ...sampleOrder, lines: [ebookLine], shipsParcel: false, address: null };
        context.set(servicesContext, {
          orders: { find: async () => unpaid },
        } as unknown as PageServices);
        return context;
      })(),
    };
    openOrder("/orders/KB-100042?token=tok_123");
    const downloads = await screen.findByRole("region", { name: "Your downloads" }, FIRST_RENDER);
    expect(downloads).toHaveTextContent("as soon as your payment arrives");
    expect(screen.getByText(/your download links appear below and come by e-mail/)).toBeVisible();
  });
});
