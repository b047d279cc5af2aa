import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerFetch } from "#app/test/answer-fetch.ts";
import { SignupForm } from "./signup-form.tsx";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("SignupForm", () => {
  it("shows the schema's messages next to the fields and sends nothing", async () => {
    const fetch = answerFetch(201, { token: "t" });
    render(<SignupForm onRegistered={() => {}} />);
    await userEvent.type(screen.getByLabelText("Email"), "ada@example");
    await userEvent.click(screen.getByRole("button", { name: "Register" }));

    const username = screen.getByLabelText("Username");
    // The schema is fetched on first use; the messages follow once it has arrived.
    await waitFor(() => expect(username).toHaveAttribute("aria-invalid", "true"));
    expect(username).toHaveAccessibleDescription("Username is required");
    // Focus moves in an effect once the messages are shown.
    await waitFor(() => expect(username).toHaveFocus());
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Invalid email format");
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription("Password is required");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("posts the trimmed values and hands over the token", async () => {
    const fetch = answerFetch(201, { token: "the-token" });
    const onRegistered = vi.fn();
    render(<SignupForm onRegistered={onRegistered} />);
    await userEvent.type(screen.getByLabelText("Username"), " ada ");
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "pass phrase");
    await userEvent.click(screen.getByRole("button", { name: "Register" }));

    expect(await screen.findByRole("status")).toHaveTextContent("Success: Registration successful");
    expect(onRegistered).toHaveBeenCalledWith("the-token");
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/signup");
    expect(JSON.parse(String(init?.body))).toEqual({
      username: "ada",
      email: "ada@example.com",
      password: "pass phrase",
    });
  });

  it("reports a failure with the support address and the server's reason", async () => {
    answerFetch(409, {
      error: {
        code: "username_taken",
        message: "This username is already taken",
        fields: { username: "This username is already taken" },
      },
    });
    const onRegistered = vi.fn();
    render(<SignupForm onRegistered={onRegistered} />);
    await userEvent.type(screen.getByLabelText("Username"), "ada");
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "pass phrase");
    await userEvent.click(screen.getByRole("button", { name: "Register" }));

    const alert = await screen.findByText(/Error: Registration failed\. Contact/);
    expect(screen.getByRole("alert")).toHaveTextContent("This username is already taken");
    expect(screen.getByRole("link", { name: "support@kybernetes.com.au" })).toHaveAttribute(
      "href",
      "mailto:support@kybernetes.com.au",
    );
    expect(alert).toBeVisible();
    expect(screen.getByLabelText("Username")).toHaveAccessibleDescription(
      "This username is already taken",
    );
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it("shows and hides the password with the checkbox, and Reset empties the form", async () => {
    render(<SignupForm onRegistered={() => {}} />);
    const password = screen.getByLabelText("Password");
    await userEvent.type(password, "secret words");
    expect(password).toHaveAttribute("type", "password");
    await userEvent.click(screen.getByLabelText("Show password"));
    expect(password).toHaveAttribute("type", "text");
    await userEvent.click(screen.getByRole("button", { name: "Reset" }));
    expect(password).toHaveValue("");
    expect(password).toHaveAttribute("type", "password");
  });
});
