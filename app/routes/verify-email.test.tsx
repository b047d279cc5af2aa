import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LINK_TOKEN, setUpLinkPage } from "#tests/app/link-page.ts";
import { clientAction } from "./verify-email.tsx";
import { INVALID_LINK, MISSING_LINK } from "#app/features/account/link-feedback.tsx";
import {
  EMAIL_VERIFIED,
  VerifyEmail,
  type VerifyEmailAnswer,
} from "#app/features/account/verify-email.tsx";

const { serverAction, openLink } = setUpLinkPage<VerifyEmailAnswer>({
  path: "/verify-email",
  clientAction,
  page: (answer, sending) => <VerifyEmail answer={answer} sending={sending} />,
});

const verifyButton = () => screen.findByRole("button", { name: "Verify my e-mail" });

describe("VerifyEmail", () => {
  it("does nothing as the page opens (a mail scanner opening the link verifies nothing)", async () => {
    openLink(`/verify-email?token=${LINK_TOKEN}`);
    expect(await verifyButton()).toBeVisible();
    await waitFor(() => expect(window.location.search).toBe(""));
    expect(serverAction).not.toHaveBeenCalled();
  });

  it("posts the link's token on a press and says the address is verified", async () => {
    serverAction.mockResolvedValue({ followed: { email: "ada@example.com" } });
    openLink(`/verify-email?token=${LINK_TOKEN}`);
    await userEvent.click(await verifyButton());
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(EMAIL_VERIFIED));
    await waitFor(() => expect(screen.getByRole("status")).toHaveFocus());
    expect(
      screen.getByText(/ada@example\.com is the e-mail address of your account/),
    ).toBeVisible();
    expect(screen.getByRole("link", { name: "Go to your account" })).toHaveAttribute(
      "href",
      "/account",
    );
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(serverAction).toHaveBeenCalledOnce();
    expect(serverAction.mock.calls[0]?.[0].get("token")).toBe(LINK_TOKEN);
  });

  it("takes an old link's token from the fragment", async () => {
    serverAction.mockResolvedValue({ followed: { email: "ada@example.com" } });
    openLink(`/verify-email#token=${LINK_TOKEN}`);
    await waitFor(() => expect(window.location.hash).toBe(""));
    await userEvent.click(await verifyButton());
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(EMAIL_VERIFIED));
    expect(serverAction.mock.calls[0]?.[0].get("token")).toBe(LINK_TOKEN);
  });

  it("explains a used or expired link and how to get a new one", async () => {
    serverAction.mockResolvedValue({ status: 400, fields: { token: INVALID_LINK }, values: {} });
    openLink(`/verify-email?token=${LINK_TOKEN}`);
    await userEvent.click(await verifyButton());
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(INVALID_LINK));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveFocus());
    expect(screen.getByText(/Resend link/)).toBeVisible();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("keeps the button, and the link, for another try after a failure", async () => {
    serverAction.mockResolvedValueOnce({
      status: 429,
      message: "Too many requests. Please try again in 5 minutes.",
      fields: {},
      values: {},
      token: LINK_TOKEN,
    });
    openLink(`/verify-email?token=${LINK_TOKEN}`);
    await userEvent.click(await verifyButton());
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(
        /Failed to verify your e-mail address.*Please try again in 5 minutes/,
      ),
    );
    serverAction.mockResolvedValueOnce({ followed: { email: "ada@example.com" } });
    await userEvent.click(await verifyButton());
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(EMAIL_VERIFIED));
    expect(serverAction.mock.calls[1]?.[0].get("token")).toBe(LINK_TOKEN);
  });

  it("says the link is cut short when the address has no token", async () => {
    openLink("/verify-email");
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(MISSING_LINK));
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
