import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CURRENT_PASSWORD_REQUIRED } from "#core/account/account-schemas.ts";
import { answerFetch } from "#app/test/answer-fetch.ts";
import { ACCOUNT_UPDATED, AccountEditForm } from "./account-edit-form.tsx";

afterEach(() => {
  vi.restoreAllMocks();
});

function renderForm() {
  const onUpdated = vi.fn();
  const onUnauthorized = vi.fn();
  render(
    <AccountEditForm token="member.token" onUpdated={onUpdated} onUnauthorized={onUnauthorized} />,
  );
  return { onUpdated, onUnauthorized };
}

const update = () => userEvent.click(screen.getByRole("button", { name: "Update account" }));
const sentBody = (fetch: ReturnType<typeof answerFetch>) =>
  JSON.parse(String(fetch.mock.calls[0]?.[1]?.body)) as unknown;

describe("AccountEditForm", () => {
  it("asks for the current password before an e-mail change, beside the field", async () => {
    const fetch = answerFetch(200, { ok: true, token: "t" });
    renderForm();
    await userEvent.type(screen.getByLabelText("New email"), "new@example.com");
    await update();
    const current = screen.getByLabelText("Current password");
    await waitFor(() => expect(current).toHaveAttribute("aria-invalid", "true"));
    expect(current).toHaveAccessibleDescription(expect.stringContaining(CURRENT_PASSWORD_REQUIRED));
    expect(current).toHaveFocus();
    expect(current).toHaveAttribute("autocomplete", "current-password");
    expect(current).toHaveAttribute("type", "password");
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to update account data");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("changes the username without the current password", async () => {
    const fetch = answerFetch(200, { ok: true, token: "fresh" });
    const { onUpdated } = renderForm();
    await userEvent.type(screen.getByLabelText("New username"), "ada2");
    await update();
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(ACCOUNT_UPDATED));
    expect(onUpdated).toHaveBeenCalledWith("fresh");
    expect(sentBody(fetch)).toEqual({ username: "ada2" });
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({
      authorization: "Bearer member.token",
    });
  });

  it("says the new address changes only once its link is followed", async () => {
    const fetch = answerFetch(200, { ok: true, token: "fresh", emailChangePending: true });
    const { onUpdated } = renderForm();
    await userEvent.type(screen.getByLabelText("New email"), "new@example.com");
    await userEvent.type(screen.getByLabelText("Current password"), "old phrase 42");
    await update();
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent(
        "We sent a link to new@example.com. Your e-mail changes when you follow it.",
      ),
    );
    expect(screen.getByRole("status")).not.toHaveTextContent(ACCOUNT_UPDATED);
    expect(onUpdated).toHaveBeenCalledWith("fresh");
    expect(sentBody(fetch)).toEqual({
      email: "new@example.com",
      currentPassword: "old phrase 42",
    });
    // Nothing typed stays in the form, the current password least of all.
    expect(screen.getByLabelText("Current password")).toHaveValue("");
  });

  it("shows a wrong current password and a weak new one next to their fields", async () => {
    answerFetch(400, {
      error: {
        code: "wrong_password",
        message: "Your current password is not correct",
        fields: {
          currentPassword: "Your current password is not correct",
          password: "Add another word or two.",
        },
      },
    });
    const { onUpdated, onUnauthorized } = renderForm();
    await userEvent.type(screen.getByLabelText("New password"), "new phrase 7");
    await userEvent.type(screen.getByLabelText("Current password"), "not it");
    await update();
    const current = screen.getByLabelText("Current password");
    await waitFor(() =>
      expect(current).toHaveAccessibleDescription(
        expect.stringContaining("Your current password is not correct"),
      ),
    );
    expect(screen.getByLabelText("New password")).toHaveAccessibleDescription(
      "Add another word or two.",
    );
    // Focus goes to the first field in error.
    await waitFor(() => expect(screen.getByLabelText("New password")).toHaveFocus());
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to update account data");
    expect(onUpdated).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("passes on the pause after too many wrong passwords", async () => {
    answerFetch(429, {
      error: {
        code: "rate_limited",
        message: "Too many failed logins. Please try again in 15 minute(s).",
      },
    });
    renderForm();
    await userEvent.type(screen.getByLabelText("New password"), "new phrase 7");
    await userEvent.type(screen.getByLabelText("Current password"), "not it");
    await update();
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(/try again in 15 minute/),
    );
  });

  it("ends the session on 401", async () => {
    answerFetch(401, { error: { code: "unauthorized", message: "Log in again" } });
    const { onUnauthorized } = renderForm();
    await userEvent.type(screen.getByLabelText("New username"), "ada2");
    await update();
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledOnce());
  });
});
