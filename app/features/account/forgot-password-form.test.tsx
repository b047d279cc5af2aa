import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerFetch } from "#app/test/answer-fetch.ts";
import { ForgotPasswordForm, RESET_LINK_SENT } from "./forgot-password-form.tsx";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("ForgotPasswordForm", () => {
  it("checks the address with the shared schema before sending anything", async () => {
    const fetch = answerFetch(202, { ok: true });
    render(<ForgotPasswordForm />);
    const email = screen.getByLabelText("Email");
    await userEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    await waitFor(() => expect(email).toHaveAccessibleDescription("Email is required"));
    expect(email).toHaveFocus();
    await userEvent.type(email, "ada@example");
    await userEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    await waitFor(() => expect(email).toHaveAccessibleDescription("Invalid email format"));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("posts the address and says the same thing whether or not it has an account", async () => {
    const fetch = answerFetch(202, { ok: true });
    render(<ForgotPasswordForm />);
    const email = screen.getByLabelText("Email");
    expect(email).toHaveAttribute("autocomplete", "email");
    await userEvent.type(email, " ada@example.com ");
    await userEvent.click(screen.getByRole("button", { name: "Send reset link" }));

    expect(await screen.findByRole("status")).toHaveTextContent(RESET_LINK_SENT);
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/forgot-password");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ email: "ada@example.com" });
  });

  it("passes on the server's reason when it asks to wait", async () => {
    answerFetch(429, {
      error: {
        code: "rate_limited",
        message: "Too many requests. Please try again in 15 minutes.",
      },
    });
    render(<ForgotPasswordForm />);
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    const alert = await screen.findByRole("alert", {}, { timeout: 2000 });
    await waitFor(() => expect(alert).toHaveTextContent("Failed to send the reset link."));
    expect(alert).toHaveTextContent("Please try again in 15 minutes.");
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });
});
