import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerFetch } from "#app/test/answer-fetch.ts";
import { INVALID_LINK, MISSING_LINK } from "./link-feedback.tsx";
import { EMAIL_VERIFIED, VerifyEmail } from "./verify-email.tsx";

const LINK_TOKEN = "Zr4b-9Qx_2mN8pLw7tVy3kHs6dJf1cGa";

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, "", "/");
});

function openLink(address: string) {
  window.history.replaceState(null, "", address);
  const Stub = createRoutesStub([{ path: "/verify-email", Component: VerifyEmail }]);
  // Strict mode runs effects twice: the link, which works once, must still be posted once.
  render(
    <StrictMode>
      <Stub initialEntries={["/verify-email"]} />
    </StrictMode>,
  );
}

describe("VerifyEmail", () => {
  it("posts the fragment's token once as the page opens and says the address is verified", async () => {
    const fetch = answerFetch(200, { ok: true, email: "ada@example.com" });
    openLink(`/verify-email#token=${LINK_TOKEN}`);
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(EMAIL_VERIFIED));
    expect(
      screen.getByText(/ada@example\.com is the e-mail address of your account/),
    ).toBeVisible();
    expect(screen.getByRole("link", { name: "Go to your account" })).toHaveAttribute(
      "href",
      "/account",
    );
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/verify-email");
    expect(JSON.parse(String(init?.body))).toEqual({ token: LINK_TOKEN });
    expect(window.location.hash).toBe("");
  });

  it("explains a used or expired link and where to get a new one", async () => {
    answerFetch(400, { error: { code: "invalid_link", message: INVALID_LINK } });
    openLink(`/verify-email#token=${LINK_TOKEN}`);
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(INVALID_LINK));
    expect(screen.getByText(/Resend verification e-mail/)).toBeVisible();
    expect(screen.getByRole("link", { name: "your account page" })).toHaveAttribute(
      "href",
      "/account",
    );
  });

  it("asks nothing of the server when the address has no token", async () => {
    const fetch = answerFetch(200, { ok: true, email: "x@example.com" });
    openLink("/verify-email");
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(MISSING_LINK));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("offers to try again when the server could not answer", async () => {
    vi.spyOn(globalThis, "fetch")
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ ok: true, email: "ada@example.com" }), { status: 200 }),
      );
    openLink(`/verify-email#token=${LINK_TOKEN}`);
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("Failed to verify your e-mail address."),
    );
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(EMAIL_VERIFIED));
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  });
});
