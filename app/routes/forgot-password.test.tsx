import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { accountRules } from "#app/features/account/account-rules.ts";
import { renderRoute } from "#tests/app/render-route.tsx";
import { clientAction } from "./forgot-password.tsx";
import {
  ForgotPasswordForm,
  RESET_LINK_SENT,
  type ForgotPasswordAnswer,
} from "#app/features/account/forgot-password-form.tsx";

/** The page's action as the server answers it; the browser's clientAction runs in front. */
const serverAction = vi.fn<(form: FormData) => Promise<ForgotPasswordAnswer>>();

afterEach(() => {
  serverAction.mockReset();
});

function setup() {
  renderRoute<ForgotPasswordAnswer>({
    path: "/forgot-password",
    address: "/forgot-password",
    clientAction,
    serverAction,
    page: (answer, sending) => <ForgotPasswordForm answer={answer} sending={sending} />,
  });
  return {
    email: () => screen.getByLabelText("Email"),
    send: () => userEvent.click(screen.getByRole("button", { name: "Send reset link" })),
  };
}

// The rules the browser loads on first use, loaded before the clock of any test starts.
beforeAll(() => accountRules.load());

describe("ForgotPasswordForm", () => {
  it("checks the address with the shared schema before sending anything", async () => {
    const { email, send } = setup();
    await send();
    await waitFor(() => expect(email()).toHaveAccessibleDescription("Email is required"));
    await waitFor(() => expect(email()).toHaveFocus());
    await userEvent.type(email(), "ada@example");
    await send();
    await waitFor(() => expect(email()).toHaveAccessibleDescription("Invalid email format"));
    expect(email()).toHaveValue("ada@example");
    expect(serverAction).not.toHaveBeenCalled();
  });

  it("posts the address and says the same thing whether or not it has an account", async () => {
    serverAction.mockResolvedValue({ sent: true });
    const { email, send } = setup();
    expect(email()).toHaveAttribute("autocomplete", "email");
    await userEvent.type(email(), " ada@example.com ");
    await send();

    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(RESET_LINK_SENT));
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
    expect(serverAction.mock.calls[0]?.[0].get("email")).toBe("ada@example.com");
  });

  it("passes on the server's reason when it asks to wait, keeping the address", async () => {
    serverAction.mockResolvedValue({
      status: 429,
      message: "Too many requests. Please try again in 15 minutes.",
      fields: {},
      values: { email: "ada@example.com" },
    });
    const { email, send } = setup();
    await userEvent.type(email(), "ada@example.com");
    await send();
    const alert = await screen.findByRole("alert");
    await waitFor(() => expect(alert).toHaveTextContent("Failed to send the reset link."));
    expect(alert).toHaveTextContent("Please try again in 15 minutes.");
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    expect(email()).toHaveValue("ada@example.com");
  });
});
