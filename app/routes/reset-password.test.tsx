import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { accountRules } from "#app/features/account/account-rules.ts";
import { LINK_TOKEN, setUpLinkPage } from "#tests/app/link-page.ts";
import { PASSWORDS_DIFFER } from "#core/account/account-schemas.ts";
import { clientAction } from "./reset-password.tsx";
import { INVALID_LINK, MISSING_LINK } from "#app/features/account/link-feedback.tsx";
import {
  PASSWORD_RESET,
  ResetPassword,
  type ResetPasswordAnswer,
} from "#app/features/account/reset-password.tsx";

const { serverAction, openLink: openWith } = setUpLinkPage<ResetPasswordAnswer>({
  path: "/reset-password",
  clientAction,
});

function openLink(address: string, onReset = vi.fn()) {
  openWith(address, (answer, sending) => (
    <ResetPassword answer={answer} sending={sending} onReset={onReset} />
  ));
  return onReset;
}

/** Pasted rather than typed key by key: the same events for the form, a quicker test. */
async function choosePassword(password: string, again = password) {
  await userEvent.click(await screen.findByLabelText("New password"));
  await userEvent.paste(password);
  await userEvent.click(screen.getByLabelText("Confirm new password"));
  await userEvent.paste(again);
  await userEvent.click(screen.getByRole("button", { name: "Set new password" }));
}

// The rules the browser loads on first use, loaded before the clock of any test starts.
beforeAll(() => accountRules.load());

describe("ResetPassword", () => {
  it("posts the query's token with the new password, and the address keeps no token", async () => {
    serverAction.mockResolvedValue({ followed: null });
    const onReset = openLink(`/reset-password?token=${LINK_TOKEN}`);
    const field = await screen.findByLabelText("New password");
    await waitFor(() => expect(window.location.search).toBe(""));
    expect(window.location.pathname).toBe("/reset-password");
    expect(field).toHaveAttribute("autocomplete", "new-password");
    expect(field).toHaveAttribute("type", "password");
    await userEvent.click(screen.getByRole("button", { name: "Show new password" }));
    expect(field).toHaveAttribute("type", "text");

    await choosePassword("correct horse battery");
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(PASSWORD_RESET));
    await waitFor(() => expect(screen.getByRole("status")).toHaveFocus());
    expect(onReset).toHaveBeenCalledOnce();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
    const sent = serverAction.mock.calls[0]?.[0];
    expect(sent?.get("token")).toBe(LINK_TOKEN);
    expect(sent?.get("password")).toBe("correct horse battery");
    expect(sent?.get("confirmPassword")).toBe("correct horse battery");
  });

  it("takes the token of an old link from the fragment", async () => {
    serverAction.mockResolvedValue({ followed: null });
    openLink(`/reset-password#token=${LINK_TOKEN}`);
    await waitFor(() => expect(window.location.hash).toBe(""));
    await choosePassword("correct horse battery");
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(PASSWORD_RESET));
    expect(serverAction.mock.calls[0]?.[0].get("token")).toBe(LINK_TOKEN);
  });

  it("shows the server's reason next to the field, and keeps the link for another try", async () => {
    serverAction.mockResolvedValueOnce({
      status: 400,
      message: "This is a top-10 common password.",
      fields: { password: "This is a top-10 common password." },
      values: {},
      token: LINK_TOKEN,
    });
    const onReset = openLink(`/reset-password?token=${LINK_TOKEN}`);
    await choosePassword("password1");
    const field = screen.getByLabelText("New password");
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining("This is a top-10 common password."),
      ),
    );
    expect(field).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to change the password.");
    expect(onReset).not.toHaveBeenCalled();

    serverAction.mockResolvedValueOnce({ followed: null });
    await userEvent.clear(field);
    await userEvent.clear(screen.getByLabelText("Confirm new password"));
    await choosePassword("violet lantern harbour 58");
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(PASSWORD_RESET));
    expect(serverAction.mock.calls[1]?.[0].get("token")).toBe(LINK_TOKEN);
  });

  it("checks the length and the second copy before sending", async () => {
    openLink(`/reset-password?token=${LINK_TOKEN}`);
    await choosePassword("short");
    await waitFor(() =>
      expect(screen.getByLabelText("New password")).toHaveAccessibleDescription(
        expect.stringContaining("Password must be at least 8 characters"),
      ),
    );
    await userEvent.clear(screen.getByLabelText("New password"));
    await userEvent.clear(screen.getByLabelText("Confirm new password"));
    await choosePassword("correct horse battery", "correct horse battery!");
    await waitFor(() =>
      expect(screen.getByLabelText("Confirm new password")).toHaveAccessibleDescription(
        expect.stringContaining(PASSWORDS_DIFFER),
      ),
    );
    await waitFor(() => expect(screen.getByLabelText("Confirm new password")).toHaveFocus());
    expect(serverAction).not.toHaveBeenCalled();
  });

  it("offers a new link when this one is used or expired", async () => {
    serverAction.mockResolvedValue({ status: 400, fields: { token: INVALID_LINK }, values: {} });
    const onReset = openLink(`/reset-password?token=${LINK_TOKEN}`);
    await choosePassword("correct horse battery");
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(INVALID_LINK));
    expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    expect(onReset).not.toHaveBeenCalled();
  });

  it("says so when the address has no token", async () => {
    openLink("/reset-password");
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(MISSING_LINK));
    expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
  });
});
