import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withServerAction } from "#tests/app/client-action.ts";
import Signup, { clientAction } from "./signup.tsx";

/** The page's action as the server answers it; the browser's clientAction runs in front. */
const serverAction = vi.fn<(form: FormData) => Promise<unknown>>();

afterEach(() => {
  serverAction.mockReset();
  vi.restoreAllMocks();
});

/** The server's refusal of a username in use, with what was typed (never the password). */
const TAKEN = {
  status: 409,
  message: "This username is already taken",
  fields: { username: "This username is already taken" },
  values: { username: "ada", email: "ada@example.com" },
};

function setup() {
  const Stub = createRoutesStub([
    {
      path: "/signup",
      Component: Signup,
      action: withServerAction(clientAction, serverAction),
    },
  ]);
  render(<Stub initialEntries={["/signup"]} />);
  const user = userEvent.setup();
  return {
    user,
    username: () => screen.getByLabelText("Username"),
    email: () => screen.getByLabelText("Email"),
    password: () => screen.getByLabelText("Password"),
    register: () => user.click(screen.getByRole("button", { name: "Register" })),
  };
}

describe("/signup", () => {
  it("shows the schema's messages next to the fields, focuses the first and sends nothing", async () => {
    const { user, username, email, password, register } = setup();
    await user.type(email(), "ada@example");
    await register();

    // The schema is fetched on first use; the messages follow once it has arrived.
    await waitFor(() => expect(username()).toHaveAttribute("aria-invalid", "true"));
    expect(username()).toHaveAccessibleDescription("Username is required");
    await waitFor(() => expect(username()).toHaveFocus());
    expect(email()).toHaveAccessibleDescription("Invalid email format");
    expect(password()).toHaveAccessibleDescription("Password is required");
    expect(email()).toHaveValue("ada@example");
    expect(serverAction).not.toHaveBeenCalled();
  });

  it("posts what was typed and says to finish from the e-mail, keeping no login (issue 34)", async () => {
    serverAction.mockResolvedValue({ sent: true, email: "ada@example.com" });
    const { user, username, email, password, register } = setup();
    await user.type(username(), " ada ");
    await user.type(email(), "ada@example.com");
    await user.type(password(), "pass phrase");
    await register();

    const sentNotice = await screen.findByText("Check your e-mail to finish signing up");
    expect(sentNotice).toHaveAttribute("role", "status");
    await waitFor(() => expect(sentNotice).toHaveFocus());
    expect(screen.getByText("ada@example.com")).toBeVisible();
    // The same words whether or not the address has an account: they cover both.
    expect(
      screen.getByText(/If you already have an account with this address, the message says how/),
    ).toBeVisible();
    expect(screen.queryByRole("button", { name: "Register" })).toBeNull();
    expect(localStorage.getItem("authToken")).toBeNull();
    const sent = serverAction.mock.calls[0]?.[0];
    expect(Object.fromEntries(sent ?? [])).toEqual({
      username: " ada ",
      email: "ada@example.com",
      password: "pass phrase",
    });

    // Signing up again (a mistyped address) brings the form back, empty.
    await user.click(screen.getByRole("link", { name: "sign up again" }));
    expect(await screen.findByRole("button", { name: "Register" })).toBeVisible();
    expect(username()).toHaveValue("");
  });

  it("reports a refusal with the support address and the server's reason", async () => {
    serverAction.mockResolvedValue(TAKEN);
    const { user, username, email, password, register } = setup();
    await user.type(username(), "ada");
    await user.type(email(), "ada@example.com");
    await user.type(password(), "pass phrase");
    await register();

    const alert = await screen.findByText(/Error: Registration failed\. Contact/);
    expect(screen.getByRole("alert")).toHaveTextContent("This username is already taken");
    expect(screen.getByRole("link", { name: "support@kybernetes.com.au" })).toHaveAttribute(
      "href",
      "mailto:support@kybernetes.com.au",
    );
    expect(alert).toBeVisible();
    expect(username()).toHaveAccessibleDescription("This username is already taken");
    await waitFor(() => expect(username()).toHaveFocus());
    // Nothing typed is lost, the password included (it never travels back).
    expect(password()).toHaveValue("pass phrase");
    expect(localStorage.getItem("authToken")).toBeNull();
  });

  it("puts a weak password's reason next to the password, and says when to come back", async () => {
    serverAction.mockResolvedValueOnce({
      status: 400,
      message: "This password is too easy to guess",
      fields: { password: "This password is too easy to guess" },
      values: { username: "ada", email: "ada@example.com" },
    });
    serverAction.mockResolvedValueOnce({
      status: 429,
      message: "Too many requests. Please try again in 10 minutes.",
      fields: {},
      values: { username: "ada", email: "ada@example.com" },
      retryAfterSeconds: 600,
    });
    const { user, username, email, password, register } = setup();
    expect(screen.getByText("Passwords need 8 to 64 characters.")).toBeVisible();
    await user.type(username(), "ada");
    await user.type(email(), "ada@example.com");
    await user.type(password(), "password1");
    await register();
    await waitFor(() =>
      expect(password()).toHaveAccessibleDescription("This password is too easy to guess"),
    );
    await waitFor(() => expect(password()).toHaveFocus());
    await register();
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(/try again in 10 minutes/),
    );
  });

  it("shows and hides the password with the checkbox, and Reset empties the form", async () => {
    serverAction.mockResolvedValue(TAKEN);
    const { user, username, email, password, register } = setup();
    await user.type(username(), "ada");
    await user.type(email(), "ada@example.com");
    await user.type(password(), "secret words");
    expect(password()).toHaveAttribute("type", "password");
    await user.click(screen.getByLabelText("Show password"));
    expect(password()).toHaveAttribute("type", "text");
    await register();
    await screen.findByText(/Error: Registration failed/);

    await user.click(screen.getByRole("button", { name: "Reset" }));
    expect(username()).toHaveValue("");
    expect(email()).toHaveValue("");
    expect(password()).toHaveValue("");
    expect(password()).toHaveAttribute("type", "password");
    expect(username()).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText(/Error: Registration failed/)).toBeNull();
  });
});
