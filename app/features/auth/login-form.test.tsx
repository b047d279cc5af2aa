import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerFetch } from "#app/test/answer-fetch.ts";
import { LoginForm } from "./login-form.tsx";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("LoginForm", () => {
  async function logIn() {
    await userEvent.type(screen.getByLabelText("Username"), "ada");
    await userEvent.type(screen.getByLabelText("Password"), "whatever");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
  }

  it("shows one message for any failure", async () => {
    answerFetch(401, {
      error: { code: "invalid_credentials", message: "Incorrect username or password" },
    });
    render(<LoginForm onLoggedIn={() => {}} />);
    await logIn();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Login failed. Please check your username and password and try again.",
    );
    expect(screen.getByRole("alert")).not.toHaveTextContent("Incorrect");
  });

  it("says when to try again after too many failures", async () => {
    answerFetch(429, {
      error: {
        code: "rate_limited",
        message: "Too many failed logins. Please try again in 15 minute(s).",
      },
    });
    render(<LoginForm onLoggedIn={() => {}} />);
    await logIn();
    expect(await screen.findByRole("alert")).toHaveTextContent(/try again in 15 minute/);
  });

  it("hands over the token on success and toggles the password's visibility", async () => {
    answerFetch(200, { token: "t0k3n" });
    const onLoggedIn = vi.fn();
    render(<LoginForm onLoggedIn={onLoggedIn} />);
    await userEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "text");
    expect(screen.getByRole("button", { name: "Hide password" })).toBeInTheDocument();
    await logIn();
    expect(await screen.findByRole("status")).toHaveTextContent("Login successful");
    expect(onLoggedIn).toHaveBeenCalledWith("t0k3n");
  });
});
