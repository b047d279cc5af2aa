import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { setUpLinkPage } from "#tests/app/link-page.ts";
import { clientAction } from "./unsubscribe.tsx";
import { INVALID_LINK, MISSING_LINK } from "#app/features/account/link-feedback.tsx";
import { UNSUBSCRIBED } from "#app/features/account/mailing-list.tsx";
import {
  UnsubscribeWithLink,
  type UnsubscribeAnswer,
} from "#app/features/account/unsubscribe-with-link.tsx";

const LINK_TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMiJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ";

const { serverAction, openLink } = setUpLinkPage<UnsubscribeAnswer>({
  path: "/unsubscribe",
  clientAction,
  page: (answer, sending) => <UnsubscribeWithLink answer={answer} sending={sending} />,
});

const unsubscribeButton = () => screen.findByRole("button", { name: "Unsubscribe" });

describe("UnsubscribeWithLink", () => {
  it("waits for the press (a mail scanner opening the link unsubscribes nobody)", async () => {
    serverAction.mockResolvedValue({ followed: null });
    openLink(`/unsubscribe?token=${LINK_TOKEN}`);
    const button = await unsubscribeButton();
    await waitFor(() => expect(window.location.search).toBe(""));
    expect(serverAction).not.toHaveBeenCalled();

    await userEvent.click(button);
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(UNSUBSCRIBED));
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).not.toBeInTheDocument();
    const sent = serverAction.mock.calls[0]?.[0];
    expect(sent?.get("token")).toBe(LINK_TOKEN);
    // No login needed: no stored login travels with it.
    expect(sent?.has("authToken")).toBe(false);
  });

  it("keeps the button for another try after a failure", async () => {
    serverAction.mockRejectedValue(new Error("Internal Server Error"));
    openLink(`/unsubscribe#token=${LINK_TOKEN}`);
    await userEvent.click(await unsubscribeButton());
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("Failed to Unsubscribe mailing list"),
    );
    expect(await unsubscribeButton()).toBeVisible();
  });

  it("explains a link that is not valid", async () => {
    serverAction.mockResolvedValue({ status: 400, fields: { token: INVALID_LINK }, values: {} });
    openLink(`/unsubscribe?token=${LINK_TOKEN}`);
    await userEvent.click(await unsubscribeButton());
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(INVALID_LINK));
  });

  it("shows no button without a token", async () => {
    openLink("/unsubscribe");
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(MISSING_LINK));
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
