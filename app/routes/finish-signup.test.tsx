import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { INVALID_LINK } from "#app/features/account/link-feedback.tsx";
import { withServerAction } from "#tests/app/client-action.ts";
import { LINK_TOKEN } from "#tests/app/link-page.ts";
import FinishSignup, { clientAction } from "./finish-signup.tsx";

/** The page's action as the server answers it; the browser's clientAction runs in front. */
const serverAction = vi.fn<(form: FormData) => Promise<unknown>>();

afterEach(() => {
  serverAction.mockReset();
  localStorage.clear();
  window.history.replaceState(null, "", "/");
});

function liveToken() {
  const payload = btoa(JSON.stringify({ username: "ada", exp: Date.now() / 1000 + 3600 }));
  return `h.${payload.replace(/=+$/, "")}.s`;
}

function Account() {
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  return <p>Account page: {notice}</p>;
}

function openLink(address: string) {
  // The page reads the link's secret from the address bar, as a browser would have it.
  window.history.replaceState(null, "", address);
  const Stub = createRoutesStub([
    {
      path: "/finish-signup",
      Component: FinishSignup,
      action: withServerAction(clientAction, serverAction),
    },
    { path: "/account", Component: Account },
  ]);
  render(<Stub initialEntries={[address]} />);
}

const finishButton = () => screen.findByRole("button", { name: "Finish signing up" });

describe("/finish-signup", () => {
  it("does nothing as the page opens (a mail scanner opening the link makes no account)", async () => {
    openLink(`/finish-signup?token=${LINK_TOKEN}`);
    expect(await finishButton()).toBeVisible();
    expect(serverAction).not.toHaveBeenCalled();
  });

  it("posts the link on a press, keeps the new login and opens the account with SPEC's notice", async () => {
    const token = liveToken();
    serverAction.mockResolvedValue({ followed: { token, next: "/account" } });
    openLink(`/finish-signup?token=${LINK_TOKEN}`);
    await userEvent.click(await finishButton());
    expect(await screen.findByText("Account page: Success: Registration successful")).toBeVisible();
    expect(localStorage.getItem("authToken")).toBe(token);
    expect(serverAction.mock.calls[0]?.[0].get("token")).toBe(LINK_TOKEN);
  });

  it("explains a used or expired link: log in, reset the password, or sign up again", async () => {
    serverAction.mockResolvedValue({ status: 400, fields: { token: INVALID_LINK }, values: {} });
    openLink(`/finish-signup?token=${LINK_TOKEN}`);
    await userEvent.click(await finishButton());
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(INVALID_LINK));
    expect(screen.getByRole("link", { name: "log in" })).toHaveAttribute("href", "/login");
    expect(screen.getByRole("link", { name: "Reset it" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    expect(screen.getByRole("link", { name: "sign up again" })).toHaveAttribute("href", "/signup");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(localStorage.getItem("authToken")).toBeNull();
  });

  it("says why when the username was taken in the meantime", async () => {
    const message =
      "Someone took the username ada after you signed up, so the account could not be made. Please sign up again with another username.";
    serverAction.mockResolvedValue({
      status: 409,
      message,
      fields: {},
      values: {},
      token: LINK_TOKEN,
    });
    openLink(`/finish-signup?token=${LINK_TOKEN}`);
    await userEvent.click(await finishButton());
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(
        /Failed to finish signing up\..*Please sign up again with another username\./,
      ),
    );
  });
});
