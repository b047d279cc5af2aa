import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderInRoute } from "#tests/app/render-in-route.tsx";
import type { AccountAnswer } from "./account-answers.ts";
import { EmailStatus } from "./email-status.tsx";

function renderStatus(
  details: { emailVerified: boolean; pendingEmail: string | null } | undefined,
  answer?: AccountAnswer,
) {
  return renderInRoute(() => (
    <dl>
      <dt>Email status</dt>
      <dd>
        <EmailStatus
          details={details && { email: "ada@example.com", ...details }}
          answer={answer}
          sending={false}
        />
      </dd>
    </dl>
  ));
}

describe("EmailStatus", () => {
  it("says it is loading until the page has read the account", () => {
    renderStatus(undefined);
    expect(screen.getByText("Loading…")).toBeVisible();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("shows a verified address with nothing to do", () => {
    renderStatus({ emailVerified: true, pendingEmail: null });
    expect(screen.getByText("Verified")).toBeVisible();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("posts Resend with its intent and the stored login", async () => {
    const sent = renderStatus({ emailVerified: false, pendingEmail: null });
    expect(screen.getByText("Not verified")).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Resend link" }));
    await screen.findByRole("button", { name: "Resend link" });
    expect(Object.fromEntries(sent[0] ?? [])).toEqual({
      intent: "resendVerification",
      authToken: "",
    });
  });

  it("says where the new link went: the address waiting to replace the current one", () => {
    renderStatus(
      { emailVerified: true, pendingEmail: "new@example.com" },
      { intent: "resendVerification", done: true, alreadyVerified: false },
    );
    expect(screen.getByText(/Changing to new@example.com/)).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent(
      "We sent a new link to new@example.com. It works once and for 48 hours.",
    );
  });

  it("passes on the pause after too many links", () => {
    renderStatus(
      { emailVerified: false, pendingEmail: null },
      {
        status: 429,
        message: "Too many requests. Please try again in 60 second(s).",
        fields: {},
        values: { intent: "resendVerification" },
      },
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      /Failed to send the verification e-mail\.Too many requests/,
    );
  });
});
