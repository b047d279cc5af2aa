import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useActionData, useNavigation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ContactForm, type ContactAnswer } from "#app/features/contact/contact-form.tsx";
import { clientAction } from "./contact-us.tsx";

/** The page's action as the server answers it; the browser's clientAction runs in front. */
const serverAction = vi.fn<(form: FormData) => Promise<ContactAnswer>>();

afterEach(() => {
  serverAction.mockReset();
  vi.restoreAllMocks();
});

function Page() {
  const answer = useActionData() as ContactAnswer | undefined;
  const navigation = useNavigation();
  return <ContactForm answer={answer} sending={navigation.state === "submitting"} />;
}

function setup() {
  const Stub = createRoutesStub([
    {
      path: "/contactus",
      Component: Page,
      action: async ({ request }) =>
        clientAction({
          request,
          serverAction: async () => serverAction(await request.clone().formData()),
        } as unknown as Parameters<typeof clientAction>[0]),
    },
  ]);
  render(<Stub initialEntries={["/contactus"]} />);
  const user = userEvent.setup();
  return {
    user,
    email: () => screen.getByLabelText("Email"),
    message: () => screen.getByLabelText("Message"),
    send: () => screen.getByRole("button", { name: "Send message" }),
  };
}

describe("Contact Us form", () => {
  it("shows the SPEC messages on submit, sends nothing and focuses the first problem", async () => {
    const { user, email, message, send } = setup();
    await user.click(send());
    await waitFor(() => expect(email()).toHaveAccessibleDescription("Email is required"));
    expect(message()).toHaveAccessibleDescription(/Message is required/);
    expect(email()).toHaveFocus();

    await user.type(email(), "ada at example.com");
    await user.type(message(), "   ");
    await user.click(send());
    await waitFor(() => expect(email()).toHaveAccessibleDescription("Invalid email format"));
    expect(message()).toHaveAccessibleDescription(/Message is required/);
    expect(serverAction).not.toHaveBeenCalled();
  });

  it("does not complain before the first submit, then follows corrections", async () => {
    const { user, email, send } = setup();
    await user.type(email(), "ada@");
    expect(email()).not.toHaveAttribute("aria-invalid");
    await user.click(send());
    await waitFor(() => expect(email()).toHaveAccessibleDescription("Invalid email format"));
    await user.type(email(), "example.com");
    expect(email()).not.toHaveAttribute("aria-invalid");
  });

  it("counts characters as they are typed and stops at 1000", async () => {
    const { user, message } = setup();
    expect(message()).toHaveAccessibleDescription("0 of 1000 characters");
    await user.type(message(), "Hello");
    expect(message()).toHaveAccessibleDescription("5 of 1000 characters");
    await user.clear(message());
    await user.click(message());
    await user.paste("x".repeat(1005));
    expect(message()).toHaveValue("x".repeat(1000));
    expect(message()).toHaveAccessibleDescription("1000 of 1000 characters");
  });

  it("sends email and message to the page's action, then thanks the visitor and clears both", async () => {
    serverAction.mockResolvedValue({ sent: true });
    const { user, email, message, send } = setup();
    await user.type(email(), "ada@example.com");
    await user.type(message(), "Do you ship to Perth?");
    await user.click(send());

    expect(await screen.findByText(/Thank you for your message!/)).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent(/Thank you/);
    expect(email()).toHaveValue("");
    expect(message()).toHaveValue("");
    const sent = serverAction.mock.calls[0]?.[0];
    expect(sent?.get("email")).toBe("ada@example.com");
    expect(sent?.get("message")).toBe("Do you ship to Perth?");
    expect(sent?.get("company")).toBe("");
  });

  it("on a server error shows a visible message, logs it and keeps what was typed", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    serverAction.mockRejectedValue(new Error("Internal Server Error"));
    const { user, email, message, send } = setup();
    await user.type(email(), "ada@example.com");
    await user.type(message(), "Keep me");
    await user.click(send());

    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(
        /problem on our side.*Nothing you typed has been lost/,
      ),
    );
    expect(warn).toHaveBeenCalledWith("Failed to submit form", 500);
    expect(email()).toHaveValue("ada@example.com");
    expect(message()).toHaveValue("Keep me");
    expect(screen.queryByText(/Thank you/)).toBeNull();
  });

  it("shows the server's reason when sending too often, and a network failure plainly", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    serverAction.mockResolvedValueOnce({
      status: 429,
      message: "Too many requests. Please try again in 10 minutes.",
      fields: {},
      values: { email: "ada@example.com", message: "Hello" },
    });
    serverAction.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const { user, email, message, send } = setup();
    await user.type(email(), "ada@example.com");
    await user.type(message(), "Hello");
    await user.click(send());
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(/try again in 10 minutes/),
    );
    await user.click(send());
    expect(await screen.findByText(/the connection failed/)).toBeVisible();
    expect(message()).toHaveValue("Hello");
  });

  it("puts the server's field messages next to the fields", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    serverAction.mockResolvedValue({
      status: 400,
      fields: { email: "Invalid email format" },
      values: { email: "ada@example.com", message: "Hello" },
    });
    const { user, email, message, send } = setup();
    await user.type(email(), "ada@example.com");
    await user.type(message(), "Hello");
    await user.click(send());
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(/correct the fields marked above/),
    );
    expect(email()).toHaveAccessibleDescription("Invalid email format");
  });

  it("keeps the honeypot out of sight and out of the tab order", () => {
    setup();
    const honeypot = screen.getByLabelText("Leave this field empty");
    expect(honeypot).toHaveAttribute("tabindex", "-1");
    expect(honeypot).toHaveAttribute("autocomplete", "off");
    expect(honeypot.closest(".visually-hidden")).not.toBeNull();
  });
});
