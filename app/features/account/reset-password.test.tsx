import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerFetch } from "#app/test/answer-fetch.ts";
import { PASSWORD_RESET, ResetPassword } from "./reset-password.tsx";
import { INVALID_LINK, MISSING_LINK } from "./link-feedback.tsx";

const LINK_TOKEN = "Zr4b-9Qx_2mN8pLw7tVy3kHs6dJf1cGa";

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, "", "/");
});

function openLink(address: string, onReset = vi.fn()) {
  window.history.replaceState(null, "", address);
  const Stub = createRoutesStub([
    { path: "/reset-password", Component: () => <ResetPassword onReset={onReset} /> },
  ]);
  render(<Stub initialEntries={["/reset-password"]} />);
  return onReset;
}

async function choosePassword(password: string) {
  await userEvent.type(await screen.findByLabelText("New password"), password);
  await userEvent.click(screen.getByRole("button", { name: "Set new password" }));
}

describe("ResetPassword", () => {
  it("takes the token from the fragment, drops it from the address and sets the password", async () => {
    const fetch = answerFetch(200, { ok: true });
    const onReset = openLink(`/reset-password#token=${LINK_TOKEN}`);
    const field = await screen.findByLabelText("New password");
    expect(window.location.hash).toBe("");
    expect(window.location.pathname).toBe("/reset-password");
    expect(field).toHaveAttribute("autocomplete", "new-password");
    expect(field).toHaveAttribute("type", "password");
    await userEvent.click(screen.getByRole("button", { name: "Show new password" }));
    expect(field).toHaveAttribute("type", "text");

    await choosePassword("correct horse battery");
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(PASSWORD_RESET));
    expect(onReset).toHaveBeenCalledOnce();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/reset-password");
    expect(JSON.parse(String(init?.body))).toEqual({
      token: LINK_TOKEN,
      password: "correct horse battery",
    });
  });

  it("accepts the token in the query string too", async () => {
    openLink(`/reset-password?token=${LINK_TOKEN}`);
    expect(await screen.findByLabelText("New password")).toBeVisible();
    expect(window.location.search).toBe("");
  });

  it("shows the server's reason next to the field when the password is too easy to guess", async () => {
    answerFetch(400, {
      error: {
        code: "weak_password",
        message: "This is a top-10 common password.",
        fields: { password: "This is a top-10 common password." },
      },
    });
    const onReset = openLink(`/reset-password#token=${LINK_TOKEN}`);
    await choosePassword("password1");
    const field = screen.getByLabelText("New password");
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining("This is a top-10 common password."),
      ),
    );
    expect(field).toHaveAttribute("aria-invalid", "true");
    const form = screen.getByRole("form", { name: "Choose a new password" });
    expect(within(form).getByRole("alert")).toHaveTextContent("Failed to change the password.");
    expect(onReset).not.toHaveBeenCalled();
  });

  it("checks the length before sending", async () => {
    const fetch = answerFetch(200, { ok: true });
    openLink(`/reset-password#token=${LINK_TOKEN}`);
    await choosePassword("short");
    await waitFor(() =>
      expect(screen.getByLabelText("New password")).toHaveAccessibleDescription(
        expect.stringContaining("Password must be at least 8 characters"),
      ),
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it("offers a new link when this one is used or expired", async () => {
    answerFetch(400, { error: { code: "invalid_link", message: INVALID_LINK } });
    const onReset = openLink(`/reset-password#token=${LINK_TOKEN}`);
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
    const fetch = answerFetch(200, { ok: true });
    openLink("/reset-password");
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(MISSING_LINK));
    expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
