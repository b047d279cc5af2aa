import { render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerFetch } from "#app/test/answer-fetch.ts";
import { ConfirmSubscription } from "./confirm-subscription.tsx";
import { INVALID_LINK } from "./link-feedback.tsx";
import { SUBSCRIBED } from "./mailing-list.tsx";

const LINK_TOKEN = "Zr4b-9Qx_2mN8pLw7tVy3kHs6dJf1cGa";

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, "", "/");
});

function openLink(address: string) {
  window.history.replaceState(null, "", address);
  const Stub = createRoutesStub([
    { path: "/confirm-subscription", Component: ConfirmSubscription },
  ]);
  render(<Stub initialEntries={["/confirm-subscription"]} />);
}

describe("ConfirmSubscription", () => {
  it("confirms the subscription as the page opens", async () => {
    const fetch = answerFetch(200, { ok: true });
    openLink(`/confirm-subscription#token=${LINK_TOKEN}`);
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(SUBSCRIBED));
    expect(screen.getByText(/one click/)).toBeVisible();
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/confirm-subscription");
    expect(JSON.parse(String(init?.body))).toEqual({ token: LINK_TOKEN });
    expect(window.location.hash).toBe("");
  });

  it("says a used link subscribed nobody, and how to get a new one", async () => {
    answerFetch(400, { error: { code: "invalid_link", message: INVALID_LINK } });
    openLink(`/confirm-subscription#token=${LINK_TOKEN}`);
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(INVALID_LINK));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    expect(screen.getByText(/You are not subscribed by this link/)).toBeVisible();
  });
});
