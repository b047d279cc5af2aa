import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerFetch } from "#app/test/answer-fetch.ts";
import { INVALID_LINK, MISSING_LINK } from "./link-feedback.tsx";
import { UNSUBSCRIBED } from "./mailing-list.tsx";
import { UnsubscribeWithLink } from "./unsubscribe-with-link.tsx";

const LINK_TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMiJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ";

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, "", "/");
});

function openLink(address: string) {
  window.history.replaceState(null, "", address);
  const Stub = createRoutesStub([{ path: "/unsubscribe", Component: UnsubscribeWithLink }]);
  render(<Stub initialEntries={["/unsubscribe"]} />);
}

describe("UnsubscribeWithLink", () => {
  it("waits for the press (a mail scanner opening the link unsubscribes nobody)", async () => {
    const fetch = answerFetch(200, { ok: true });
    openLink(`/unsubscribe#token=${LINK_TOKEN}`);
    const button = await screen.findByRole("button", { name: "Unsubscribe" });
    expect(window.location.hash).toBe("");
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.click(button);
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(UNSUBSCRIBED));
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).not.toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/unsubscribe");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ token: LINK_TOKEN });
    // No login needed: no bearer token is sent.
    expect(init?.headers).not.toHaveProperty("authorization");
  });

  it("keeps the button for another try after a failure", async () => {
    answerFetch(500, { error: { code: "internal_error", message: "Something broke" } });
    openLink(`/unsubscribe?token=${LINK_TOKEN}`);
    await userEvent.click(await screen.findByRole("button", { name: "Unsubscribe" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("Failed to Unsubscribe mailing list"),
    );
    expect(screen.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
  });

  it("explains a link that is not valid, or has no token", async () => {
    answerFetch(400, { error: { code: "invalid_link", message: INVALID_LINK } });
    openLink(`/unsubscribe#token=${LINK_TOKEN}`);
    await userEvent.click(await screen.findByRole("button", { name: "Unsubscribe" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(INVALID_LINK));
  });

  it("shows no button without a token", async () => {
    openLink("/unsubscribe");
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(MISSING_LINK));
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
