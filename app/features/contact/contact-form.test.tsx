import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ContactForm } from "./contact-form.tsx";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function setup() {
  const user = userEvent.setup();
  render(<ContactForm />);
  return {
    user,
    email: screen.getByLabelText("Email"),
    message: screen.getByLabelText("Message"),
    send: screen.getByRole("button", { name: "Send message" }),
  };
}

describe("Contact Us form", () => {
  it("shows the SPEC messages on submit, sends nothing and focuses the first problem", async () => {
    const { user, email, message, send } = setup();
    await user.click(send);
    // The rules arrive with the first use of the form.
    await waitFor(() => expect(email).toHaveAccessibleDescription("Email is required"));
    expect(message).toHaveAccessibleDescription(/Message is required/);
    expect(email).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(email, "ada at example.com");
    await user.type(message, "   ");
    await user.click(send);
    expect(email).toHaveAccessibleDescription("Invalid email format");
    expect(message).toHaveAccessibleDescription(/Message is required/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("does not complain before the first submit, then follows corrections", async () => {
    const { user, email, send } = setup();
    await user.type(email, "ada@");
    expect(email).not.toHaveAttribute("aria-invalid");
    await user.click(send);
    await waitFor(() => expect(email).toHaveAccessibleDescription("Invalid email format"));
    await user.type(email, "example.com");
    expect(email).not.toHaveAttribute("aria-invalid");
  });

  it("counts characters as they are typed and stops at 1000", async () => {
    const { user, message } = setup();
    expect(message).toHaveAccessibleDescription("0 of 1000 characters");
    await user.type(message, "Hello");
    expect(message).toHaveAccessibleDescription("5 of 1000 characters");
    await user.clear(message);
    await user.click(message);
    await user.paste("x".repeat(1005));
    expect(message).toHaveValue("x".repeat(1000));
    expect(message).toHaveAccessibleDescription("1000 of 1000 characters");
  });

  it("posts multipart email and message, then thanks the visitor and clears both fields", async () => {
    fetchMock.mockResolvedValue(json(200, { received: true }));
    const { user, email, message, send } = setup();
    await user.type(email, "ada@example.com");
    await user.type(message, "Do you ship to Perth?");
    await user.click(send);

    expect(await screen.findByText(/Thank you for your message!/)).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent(/Thank you/);
    expect(email).toHaveValue("");
    expect(message).toHaveValue("");

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/contact");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("accept")).toBe("application/json");
    const body = init?.body as FormData;
    expect(body.get("email")).toBe("ada@example.com");
    expect(body.get("message")).toBe("Do you ship to Perth?");
    expect(body.get("company")).toBe("");
  });

  it("on a server error shows a visible message, logs it and keeps what was typed", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    fetchMock.mockResolvedValue(json(500, { error: { code: "internal_error", message: "x" } }));
    const { user, email, message, send } = setup();
    await user.type(email, "ada@example.com");
    await user.type(message, "Keep me");
    await user.click(send);

    expect(await screen.findByRole("alert")).toHaveTextContent(
      /could not be sent.*Nothing you typed has been lost/,
    );
    expect(warn).toHaveBeenCalledWith("Failed to submit form", 500);
    expect(email).toHaveValue("ada@example.com");
    expect(message).toHaveValue("Keep me");
    expect(screen.queryByText(/Thank you/)).toBeNull();
  });

  it("shows the server's reason when sending too often, and a network failure plainly", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(
      json(429, {
        error: {
          code: "rate_limited",
          message: "Too many requests. Please try again in 10 minutes.",
        },
      }),
    );
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const { user, email, message, send } = setup();
    await user.type(email, "ada@example.com");
    await user.type(message, "Hello");
    await user.click(send);
    expect(await screen.findByRole("alert")).toHaveTextContent(/try again in 10 minutes/);
    await user.click(send);
    expect(await screen.findByText(/the connection failed/)).toBeVisible();
    expect(message).toHaveValue("Hello");
  });

  it("puts the server's field messages next to the fields", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    fetchMock.mockResolvedValue(
      json(400, {
        error: {
          code: "validation_failed",
          message: "Invalid email format",
          fields: { email: "Invalid email format" },
        },
      }),
    );
    const { user, email, message, send } = setup();
    await user.type(email, "ada@example.com");
    await user.type(message, "Hello");
    await user.click(send);
    expect(await screen.findByRole("alert")).toHaveTextContent(/check the fields/);
    expect(email).toHaveAccessibleDescription("Invalid email format");
  });

  it("keeps the honeypot out of sight and out of the tab order", () => {
    setup();
    const honeypot = screen.getByLabelText("Leave this field empty");
    expect(honeypot).toHaveAttribute("tabindex", "-1");
    expect(honeypot).toHaveAttribute("autocomplete", "off");
    expect(honeypot.closest(".visually-hidden")).not.toBeNull();
  });
});
