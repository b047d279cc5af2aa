import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAILING_LIST_CONSENT_WORDING } from "#core/account/mailing-list.ts";
import { answerFetch } from "#app/test/answer-fetch.ts";
import { MailingList, SUBSCRIBED, SUBSCRIPTION_PENDING, UNSUBSCRIBED } from "./mailing-list.tsx";

afterEach(() => {
  vi.restoreAllMocks();
});

function renderList(state: { subscribed?: boolean; pending?: boolean }) {
  const onChanged = vi.fn();
  render(
    <MailingList
      token="member.token"
      subscribed={state.subscribed}
      pending={state.pending}
      onChanged={onChanged}
      onUnauthorized={() => {}}
    />,
  );
  return onChanged;
}

describe("MailingList", () => {
  it("says Subscribe only sent a confirmation link (double opt-in)", async () => {
    const fetch = answerFetch(200, { ok: true, subscribed: false, pending: true });
    const onChanged = renderList({ subscribed: false, pending: false });
    const subscribe = screen.getByRole("button", { name: "Subscribe" });
    // What the subscriber agrees to is shown with the button, word for word.
    expect(subscribe).toHaveAccessibleDescription(
      expect.stringContaining(MAILING_LIST_CONSENT_WORDING),
    );
    await userEvent.click(subscribe);
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(SUBSCRIPTION_PENDING));
    expect(screen.getByRole("status")).not.toHaveTextContent(SUBSCRIBED);
    expect(onChanged).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/Subscribe-mailing-list");
    expect(init?.method).toBe("PUT");
  });

  it("says so when the account was subscribed already", async () => {
    answerFetch(200, { ok: true, subscribed: true, pending: false });
    renderList({ subscribed: true });
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(SUBSCRIBED));
  });

  it("shows a subscription waiting for its confirmation", () => {
    renderList({ subscribed: false, pending: true });
    expect(screen.getByText(/Subscription pending confirmation/)).toBeVisible();
  });

  it("unsubscribes and keeps SPEC's failure messages", async () => {
    answerFetch(200, { ok: true, subscribed: false });
    renderList({ subscribed: true });
    expect(screen.getByText("You are subscribed to our promotional mailing list.")).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(UNSUBSCRIBED));

    vi.restoreAllMocks();
    answerFetch(500, { error: { code: "internal_error", message: "x" } });
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("Failed to Subscribe mailing list"),
    );
  });
});
