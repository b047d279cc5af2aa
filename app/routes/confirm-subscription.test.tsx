import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LINK_TOKEN, setUpLinkPage } from "#tests/app/link-page.ts";
import { clientAction } from "./confirm-subscription.tsx";
import {
  ConfirmSubscription,
  type ConfirmSubscriptionAnswer,
} from "#app/features/account/confirm-subscription.tsx";
import { INVALID_LINK, MISSING_LINK } from "#app/features/account/link-feedback.tsx";
import { SUBSCRIBED } from "#app/features/account/mailing-list.tsx";

const { serverAction, openLink } = setUpLinkPage<ConfirmSubscriptionAnswer>({
  path: "/confirm-subscription",
  clientAction,
  page: (answer, sending) => <ConfirmSubscription answer={answer} sending={sending} />,
});

const confirmButton = () => screen.findByRole("button", { name: "Confirm my subscription" });

describe("ConfirmSubscription", () => {
  it("waits for the press, then posts the token and confirms", async () => {
    serverAction.mockResolvedValue({ followed: null });
    openLink(`/confirm-subscription?token=${LINK_TOKEN}`);
    const button = await confirmButton();
    expect(serverAction).not.toHaveBeenCalled();
    await userEvent.click(button);
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(SUBSCRIBED));
    expect(screen.getByText(/We sent you a welcome e-mail/)).toBeVisible();
    expect(serverAction.mock.calls[0]?.[0].get("token")).toBe(LINK_TOKEN);
  });

  it("explains a link that is used, expired or replaced", async () => {
    serverAction.mockResolvedValue({ status: 400, fields: { token: INVALID_LINK }, values: {} });
    openLink(`/confirm-subscription#token=${LINK_TOKEN}`);
    await userEvent.click(await confirmButton());
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(INVALID_LINK));
    expect(screen.getByText(/You are not subscribed by this link/)).toBeVisible();
  });

  it("names the SPEC failure when the server cannot confirm", async () => {
    serverAction.mockRejectedValue(new TypeError("Failed to fetch"));
    openLink(`/confirm-subscription?token=${LINK_TOKEN}`);
    await userEvent.click(await confirmButton());
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(
        /Failed to Subscribe mailing list.*The connection failed/,
      ),
    );
    expect(await confirmButton()).toBeVisible();
  });

  it("says the link is cut short when the address has no token", async () => {
    openLink("/confirm-subscription");
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(MISSING_LINK));
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
