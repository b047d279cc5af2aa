import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerFetch } from "#app/test/answer-fetch.ts";
import { LOG_OUT_EVERYWHERE_CONFIRMATION, LogOutEverywhere } from "./log-out-everywhere.tsx";

afterEach(() => {
  vi.restoreAllMocks();
});

function renderButton() {
  const onLoggedOut = vi.fn();
  render(
    <LogOutEverywhere token="member.token" onLoggedOut={onLoggedOut} onUnauthorized={() => {}} />,
  );
  return onLoggedOut;
}

const press = () => userEvent.click(screen.getByRole("button", { name: "Log out everywhere" }));

describe("LogOutEverywhere", () => {
  it("asks first, and does nothing when the visitor declines", async () => {
    const fetch = answerFetch(200, { ok: true });
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    const onLoggedOut = renderButton();
    await press();
    expect(confirm).toHaveBeenCalledWith(LOG_OUT_EVERYWHERE_CONFIRMATION);
    expect(fetch).not.toHaveBeenCalled();
    expect(onLoggedOut).not.toHaveBeenCalled();
  });

  it("ends every session on the server, then hands over", async () => {
    const fetch = answerFetch(200, { ok: true });
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const onLoggedOut = renderButton();
    await press();
    await waitFor(() => expect(onLoggedOut).toHaveBeenCalledOnce());
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/logout-everywhere");
    expect(init?.method).toBe("POST");
    expect(init?.headers).toMatchObject({ authorization: "Bearer member.token" });
  });

  it("stays on the page with a message when the server fails", async () => {
    answerFetch(500, { error: { code: "internal_error", message: "x" } });
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const onLoggedOut = renderButton();
    await press();
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("Failed to log out everywhere."),
    );
    expect(onLoggedOut).not.toHaveBeenCalled();
  });
});
