import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderInRoute } from "#tests/app/render-in-route.tsx";
import type { AccountAnswer } from "./account-answers.ts";
import { ACCOUNT_UPDATED, AccountEditForm } from "./account-edit-form.tsx";

function renderForm(answer?: AccountAnswer) {
  return renderInRoute(() => <AccountEditForm answer={answer} sending={false} />);
}

describe("AccountEditForm", () => {
  it("posts its fields, its intent and the stored login (a plain form)", async () => {
    const sent = renderForm();
    const current = screen.getByLabelText("Current password");
    expect(current).toHaveAttribute("autocomplete", "current-password");
    expect(current).toHaveAttribute("type", "password");
    expect(screen.getByPlaceholderText("Enter new username")).toHaveAttribute("maxlength", "20");
    expect(document.querySelector("form")).toHaveAttribute("method", "post");
    await userEvent.type(screen.getByLabelText("New username"), "al");
    await userEvent.click(screen.getByRole("button", { name: "Update account" }));
    await screen.findByRole("button", { name: "Update account" });
    expect(Object.fromEntries(sent[0] ?? [])).toEqual({
      intent: "update",
      authToken: "",
      username: "al",
      email: "",
      password: "",
      currentPassword: "",
    });
  });

  it("says the new address changes only once its link is followed", () => {
    renderForm({
      intent: "update",
      done: true,
      token: "t",
      emailChangePending: "new@example.com",
      otherChanges: false,
    });
    expect(screen.getByRole("status")).toHaveTextContent(
      "We sent a link to new@example.com. Your e-mail changes when you follow it.",
    );
    expect(screen.getByRole("status")).not.toHaveTextContent(ACCOUNT_UPDATED);
    // Nothing typed stays in the form, the current password least of all.
    expect(screen.getByLabelText("Current password")).toHaveValue("");
  });

  it("shows a refusal next to its fields and keeps what was typed", () => {
    renderForm({
      status: 400,
      fields: { password: "Add another word or two." },
      values: { intent: "update", username: "ada3", email: "ada3@example.com" },
    });
    expect(screen.getByLabelText("New password")).toHaveAccessibleDescription(
      "Add another word or two.",
    );
    expect(screen.getByLabelText("New password")).toHaveFocus();
    expect(screen.getByLabelText("New username")).toHaveValue("ada3");
    expect(screen.getByLabelText("New email")).toHaveValue("ada3@example.com");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Failed to update account dataPlease correct the fields marked above.",
    );
  });

  it("passes on the pause after too many wrong passwords", () => {
    renderForm({
      status: 429,
      message: "Too many failed logins. Please try again in 15 minute(s).",
      fields: {},
      values: { intent: "update" },
    });
    expect(screen.getByRole("alert")).toHaveTextContent(/try again in 15 minute/);
  });

  it("says the account needs JavaScript when the form came without the login", () => {
    renderForm({
      status: 401,
      noLogin: true,
      message: "Your account needs JavaScript.",
      fields: {},
      values: { intent: "update", username: "ada4" },
    });
    expect(screen.getByRole("alert")).toHaveTextContent(
      /Your account needs JavaScript\. What you typed is still in the form/,
    );
    expect(screen.getByLabelText("New username")).toHaveValue("ada4");
  });
});
