import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withServerAction } from "#tests/app/client-action.ts";
import Login, { clientAction } from "./login.tsx";

/** The page's action as the server answers it; the browser's clientAction runs in front. */
const serverAction = vi.fn<(form: FormData) => Promise<unknown>>();

afterEach(() => {
  serverAction.mockReset();
  vi.restoreAllMocks();
});

/** A token the browser would use: readable, expiring in an hour. */
function liveToken(username = "ada") {
  const payload = btoa(JSON.stringify({ username, exp: Date.now() / 1000 + 3600 }));
  return `h.${payload.replace(/=+$/, "")}.s`;
}

function Arrived() {
  const location = useLocation();
  return <p>Arrived at {location.pathname}</p>;
}

function setup(entry = "/login") {
  const Stub = createRoutesStub([
    {
      path: "/login",
      Component: Login,
      action: withServerAction(clientAction, serverAction),
    },
    { path: "/account", Component: Arrived },
    { path: "/admin", Component: Arrived },
  ]);
  render(<Stub initialEntries={[entry]} />);
  const user = userEvent.setup();
  return {
    user,
    async logIn() {
      await user.type(screen.getByLabelText("Username"), "ada");
      await user.type(screen.getByLabelText("Password"), "whatever");
      await user.click(screen.getByRole("button", { name: "Login" }));
    },
  };
}

describe("/login", () => {
  it("shows one message for any failure, logs it, and keeps the username", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    serverAction.mockResolvedValue({
      status: 401,
      message: "Incorrect username or password",
      fields: {},
      values: { username: "ada" },
    });
    const { logIn } = setup();
    await logIn();
    const alert = await screen.findByText(/^Login failed\./);
    expect(alert).toHaveTextContent(
      "Login failed. Please check your username and password and try again.",
    );
    expect(screen.getByRole("alert")).not.toHaveTextContent("Incorrect");
    expect(warn).toHaveBeenCalledWith("Login failed", 401);
    expect(screen.getByLabelText("Username")).toHaveValue("ada");
    expect(localStorage.getItem("authToken")).toBeNull();
  });

  it("says when to try again after too many failures", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    serverAction.mockResolvedValue({
      status: 429,
      message: "Too many failed logins. Please try again in 15 minutes.",
      fields: {},
      values: { username: "ada" },
      retryAfterSeconds: 900,
    });
    const { logIn } = setup();
    await logIn();
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(/try again in 15 minutes/),
    );
  });

  it("says so when the server cannot be reached", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    serverAction.mockRejectedValue(new TypeError("Failed to fetch"));
    const { logIn } = setup();
    await logIn();
    expect(await screen.findByText(/^Login failed\./)).toBeVisible();
  });

  it("posts what was typed, stores the answered token and goes to the account", async () => {
    const token = liveToken();
    serverAction.mockResolvedValue({ token, next: "/account" });
    const { user, logIn } = setup();
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "text");
    expect(screen.getByRole("button", { name: "Hide password" })).toBeInTheDocument();
    await logIn();
    expect(await screen.findByText("Arrived at /account")).toBeVisible();
    expect(localStorage.getItem("authToken")).toBe(token);
    const sent = serverAction.mock.calls[0]?.[0];
    expect(sent?.get("username")).toBe("ada");
    expect(sent?.get("password")).toBe("whatever");
    expect(sent?.has("next")).toBe(false);
  });

  it("carries ?next= through the post and goes there once logged in", async () => {
    serverAction.mockResolvedValue({ token: liveToken(), next: "/admin" });
    const { logIn } = setup("/login?next=%2Fadmin");
    expect(
      screen.getByText("Log in with your staff account to open the back office."),
    ).toBeVisible();
    await logIn();
    expect(await screen.findByText("Arrived at /admin")).toBeVisible();
    expect(serverAction.mock.calls[0]?.[0].get("next")).toBe("/admin");
  });

  it("drops a ?next= that leads to another site", () => {
    setup("/login?next=%2F%2Fevil.example");
    expect(document.querySelector('input[name="next"]')).toBeNull();
  });

  it("sends a token holder to the account at once", async () => {
    localStorage.setItem("authToken", liveToken());
    setup();
    expect(await screen.findByText("Arrived at /account")).toBeVisible();
  });
});
