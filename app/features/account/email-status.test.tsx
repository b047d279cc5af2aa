import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerFetch } from "#app/test/answer-fetch.ts";
import { EmailStatus } from "./email-status.tsx";

afterEach(() => {
  vi.restoreAllMocks();
});

function renderStatus(details: { emailVerified: boolean; pendingEmail: string | null }) {
  const onChanged = vi.fn();
  const onUnauthorized = vi.fn();
  render(
    <dl>
      <dt>Email status</dt>
      <dd>
        <EmailStatus
          token="member.token"
          details={{ email: "ada@example.com", ...details }}
          onChanged={onChanged}
          onUnauthorized={onUnauthorized}
        />
      </dd>
    </dl>,
  );
  return { onChanged, onUnauthorized };
}

describe("EmailStatus", () => {
  it("shows a verified address without a resend button", () => {
    renderStatus({ emailVerified: true, pendingEmail: null });
    expect(screen.getByRole("definition")).toHaveTextContent(/^Verified$/);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("resends the link to an unverified address", async () => {
    const fetch = answerFetch(200, { ok: true });
    renderStatus({ emailVerified: false, pendingEmail: null });
    expect(screen.getByRole("definition")).toHaveTextContent("Not verified");
    await userEvent.click(screen.getByRole("button", { name: "Resend verification e-mail" }));
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent(
        "We sent a new link to ada@example.com.",
      ),
    );
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/resend-verification");
    expect(init?.method).toBe("POST");
    expect(init?.headers).toMatchObject({ authorization: "Bearer member.token" });
  });

  it("names the new address waiting for its link, and resends to it", async () => {
    answerFetch(200, { ok: true });
    renderStatus({ emailVerified: true, pendingEmail: "new@example.com" });
    expect(screen.getByRole("definition")).toHaveTextContent("Verified");
    expect(screen.getByRole("definition")).toHaveTextContent(
      "Changing to new@example.com: follow the link we sent there.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Resend verification e-mail" }));
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent(
        "We sent a new link to new@example.com.",
      ),
    );
  });

  it("says when the link could not be sent", async () => {
    answerFetch(429, { error: { code: "rate_limited", message: "Please try again later." } });
    renderStatus({ emailVerified: false, pendingEmail: null });
    await userEvent.click(screen.getByRole("button", { name: "Resend verification e-mail" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(
        "Failed to send the verification e-mail.Please try again later.",
      ),
    );
  });
});
