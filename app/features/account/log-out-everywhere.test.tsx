import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInRoute } from "#tests/app/render-in-route.tsx";
import type { AccountAnswer } from "./account-answers.ts";
import {
  LOG_OUT_EVERYWHERE_CONFIRMATION,
  LogOutEverywhere,
  LOGGED_OUT_EVERYWHERE,
} from "./log-out-everywhere.tsx";

afterEach(() => {
  vi.restoreAllMocks();
});

function renderSection(answer?: AccountAnswer) {
  return renderInRoute(() => <LogOutEverywhere answer={answer} sending={false} />);
}

describe("LogOutEverywhere", () => {
  it("asks first, and posts only once confirmed", async () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValue(true);
    const sent = renderSection();
    const button = screen.getByRole("button", { name: "Log out everywhere" });
    await userEvent.click(button);
    expect(confirm).toHaveBeenCalledWith(LOG_OUT_EVERYWHERE_CONFIRMATION);
    expect(sent).toHaveLength(0);
    await userEvent.click(button);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(Object.fromEntries(sent[0] ?? [])).toEqual({
      intent: "logOutEverywhere",
      authToken: "",
      confirmed: "yes",
    });
  });

  it("asks on the page when the press came before the page's script", () => {
    renderSection({ intent: "logOutEverywhere", confirm: true });
    expect(screen.getByText(LOG_OUT_EVERYWHERE_CONFIRMATION)).toBeVisible();
    const yes = screen.getByRole("button", { name: "Yes, log out everywhere" });
    expect(yes.closest("form")?.querySelector('[name="confirmed"]')).toHaveValue("yes");
    expect(screen.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/account");
  });

  it("says it is done, or that it failed", () => {
    renderSection({ intent: "logOutEverywhere", done: true });
    expect(screen.getByRole("status")).toHaveTextContent(LOGGED_OUT_EVERYWHERE);
  });

  it("says when it failed", () => {
    renderSection({ status: 500, fields: {}, values: { intent: "logOutEverywhere" } });
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Failed to log out everywhere. Please try again.",
    );
  });
});
