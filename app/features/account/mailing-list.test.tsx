import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { MAILING_LIST_CONSENT_WORDING } from "#core/account/mailing-list.ts";
import { renderInRoute } from "#tests/app/render-in-route.tsx";
import type { AccountAnswer } from "./account-answers.ts";
import { MailingList, SUBSCRIBED, SUBSCRIPTION_PENDING, UNSUBSCRIBED } from "./mailing-list.tsx";

function renderList(state: { subscribed?: boolean; pending?: boolean }, answer?: AccountAnswer) {
  return renderInRoute(() => (
    <MailingList
      subscribed={state.subscribed}
      pending={state.pending}
      answer={answer}
      sending={false}
    />
  ));
}

describe("MailingList", () => {
  it("posts which button was pressed, with the stored login", async () => {
    const sent = renderList({ subscribed: false, pending: false });
    const subscribe = screen.getByRole("button", { name: "Subscribe" });
    // What the subscriber agrees to is shown with the button, word for word.
    expect(subscribe).toHaveAccessibleDescription(
      expect.stringContaining(MAILING_LIST_CONSENT_WORDING),
    );
    await userEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
    await screen.findByRole("button", { name: "Unsubscribe" });
    expect(Object.fromEntries(sent[0] ?? [])).toEqual({ authToken: "", intent: "unsubscribe" });
  });

  it("says Subscribe only sent a confirmation link (double opt-in)", () => {
    renderList({ subscribed: false }, { intent: "subscribe", done: true, subscribed: false });
    expect(screen.getByRole("status")).toHaveTextContent(SUBSCRIPTION_PENDING);
    expect(screen.getByRole("status")).not.toHaveTextContent(SUBSCRIBED);
  });

  it("says when the list was left", () => {
    renderList({ subscribed: false }, { intent: "unsubscribe", done: true });
    expect(screen.getByRole("status")).toHaveTextContent(UNSUBSCRIBED);
  });

  it("shows SPEC's failure message for the button pressed", () => {
    renderList(
      { subscribed: true },
      { status: 500, fields: {}, values: { intent: "unsubscribe" } },
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to Unsubscribe mailing list");
  });

  it("describes the current state, including a pending confirmation", () => {
    renderList({ subscribed: false, pending: true });
    expect(
      screen.getByText(
        "Subscription pending confirmation: follow the link we e-mailed you to start it.",
      ),
    ).toBeVisible();
  });
});
