import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CURRENT_PASSWORD_REQUIRED } from "#core/account/account-schemas.ts";
import type { AccountAnswer } from "#app/features/account/account-answers.ts";
import { ACCOUNT_UPDATED } from "#app/features/account/account-edit-form.tsx";
import { DELETE_CONFIRMATION } from "#app/features/account/delete-account.tsx";
import { SUBSCRIPTION_PENDING } from "#app/features/account/mailing-list.tsx";
import { apiAnswers, json } from "#tests/app/fake-fetch.ts";
import Account, { clientAction, clientLoader } from "./account.tsx";
import { fakeLoginToken } from "#tests/app/fake-login.ts";

const saved = vi.hoisted(() => ({ files: [] as { name: string; text: Promise<string> }[] }));
vi.mock("#app/lib/save-file.ts", () => ({
  saveFile: (file: Blob, name: string) => saved.files.push({ name, text: file.text() }),
}));

/** A login as the server issues it; the page reads only the username from it. */
const details = {
  username: "ada",
  email: "ada@example.com",
  subscribed: false,
  emailVerified: true,
  pendingEmail: null,
  subscriptionPending: false,
  role: "customer",
};

/** The page's action as the server answers it; the browser's clientAction runs in front. */
const serverAction = vi.fn<(form: FormData) => Promise<AccountAnswer>>();
const sentForms: FormData[] = [];

beforeEach(() => {
  localStorage.setItem("authToken", fakeLoginToken("ada"));
  vi.spyOn(globalThis, "fetch").mockImplementation(
    apiAnswers({
      "GET /get-account-details": () => details,
      "GET /orders": () => ({ orders: [] }),
      "POST /account-data": () =>
        new Response('{"account":{"username":"ada"}}', {
          headers: { "content-type": "application/json" },
        }),
    }),
  );
});

afterEach(() => {
  serverAction.mockReset();
  sentForms.length = 0;
  saved.files.length = 0;
  localStorage.clear();
  vi.restoreAllMocks();
});

function renderPage() {
  const Stub = createRoutesStub([
    {
      path: "/account",
      Component: Account as never,
      loader: () => clientLoader(),
      action: async ({ request }) =>
        clientAction({
          request,
          serverAction: async () => {
            const form = await request.clone().formData();
            sentForms.push(form);
            return serverAction(form);
          },
        } as unknown as Parameters<typeof clientAction>[0]),
    },
    { path: "/", Component: () => <p>Home page</p> },
    { path: "/login", Component: () => <p>Login page</p> },
  ]);
  render(<Stub initialEntries={["/account"]} />);
  return userEvent.setup();
}

/** Types a new e-mail and presses Update: the page itself refuses, and draws the form again. */
async function changeEmailWithoutCurrentPassword() {
  const user = renderPage();
  await user.type(await screen.findByLabelText("New email"), "new@example.com");
  await user.click(screen.getByRole("button", { name: "Update account" }));
  // The first check waits for the shared rules to arrive.
  await waitFor(
    () => expect(screen.getByLabelText("Current password")).toHaveAttribute("aria-invalid", "true"),
    { timeout: 5000 },
  );
  return user;
}

describe("the account page", () => {
  it("reads the details and orders with the stored login", async () => {
    renderPage();
    expect(await screen.findByText("Welcome, ada")).toBeVisible();
    await waitFor(() =>
      expect(screen.getByLabelText("Your account details")).toHaveTextContent("ada@example.com"),
    );
    expect(screen.getByText("You haven't placed any orders yet.")).toBeVisible();
    const calls = vi
      .mocked(fetch)
      .mock.calls.map(([url, init]) => [
        String(url),
        new Headers(init?.headers).get("authorization"),
      ]);
    expect(calls).toContainEqual(["/api/get-account-details", `Bearer ${fakeLoginToken("ada")}`]);
    expect(calls).toContainEqual(["/api/orders", `Bearer ${fakeLoginToken("ada")}`]);
  });

  it("asks for the current password before an e-mail change, and sends nothing", async () => {
    await changeEmailWithoutCurrentPassword();
    const current = screen.getByLabelText("Current password");
    expect(current).toHaveAccessibleDescription(expect.stringContaining(CURRENT_PASSWORD_REQUIRED));
    expect(current).toHaveFocus();
    expect(screen.getByLabelText("New email")).toHaveValue("new@example.com");
    expect(screen.getByText(/Failed to update account data/)).toHaveTextContent(
      "Please correct the fields marked above.",
    );
    expect(serverAction).not.toHaveBeenCalled();
  });

  it("keeps a new password typed before the current one was asked for, and sends both", async () => {
    serverAction.mockResolvedValue({
      intent: "update",
      done: true,
      token: fakeLoginToken("ada"),
      otherChanges: true,
    });
    const user = renderPage();
    await user.type(await screen.findByLabelText("New password"), "another phrase 7");
    await user.click(screen.getByRole("button", { name: "Update account" }));
    const current = screen.getByLabelText("Current password");
    await waitFor(() => expect(current).toHaveAttribute("aria-invalid", "true"), {
      timeout: 5000,
    });
    expect(screen.getByLabelText("New password")).toHaveValue("another phrase 7");
    await user.type(screen.getByLabelText("Current password"), "correct horse 9");
    await user.click(screen.getByRole("button", { name: "Update account" }));
    await screen.findByText(ACCOUNT_UPDATED);
    expect(sentForms[0]?.get("password")).toBe("another phrase 7");
    expect(sentForms[0]?.get("currentPassword")).toBe("correct horse 9");
  });

  it("sends the form with its intent, stores the fresh login and empties the form", async () => {
    serverAction.mockResolvedValue({
      intent: "update",
      done: true,
      token: fakeLoginToken("ada2"),
      otherChanges: true,
    });
    const user = renderPage();
    await user.type(await screen.findByLabelText("New username"), "ada2");
    await user.click(screen.getByRole("button", { name: "Update account" }));
    await screen.findByText(ACCOUNT_UPDATED);
    const form = sentForms[0];
    expect(form?.get("intent")).toBe("update");
    expect(form?.get("username")).toBe("ada2");
    expect(localStorage.getItem("authToken")).toBe(fakeLoginToken("ada2"));
    expect(await screen.findByText("Welcome, ada2")).toBeVisible();
    expect(screen.getByLabelText("New username")).toHaveValue("");
  });

  it("shows the server's reasons next to their fields and keeps what was typed", async () => {
    serverAction.mockResolvedValue({
      status: 400,
      message: "Your current password is not correct",
      fields: {
        currentPassword: "Your current password is not correct",
        password: "Add another word or two.",
      },
      values: { intent: "update", username: "ada3" },
    });
    const user = renderPage();
    await user.type(await screen.findByLabelText("New username"), "ada3");
    await user.type(screen.getByLabelText("New password"), "new phrase 7");
    await user.type(screen.getByLabelText("Current password"), "not it");
    await user.click(screen.getByRole("button", { name: "Update account" }));
    await waitFor(() =>
      expect(screen.getByLabelText("New password")).toHaveAccessibleDescription(
        "Add another word or two.",
      ),
    );
    expect(screen.getByLabelText("Current password")).toHaveAccessibleDescription(
      expect.stringContaining("Your current password is not correct"),
    );
    await waitFor(() => expect(screen.getByLabelText("New password")).toHaveFocus());
    expect(screen.getByLabelText("New username")).toHaveValue("ada3");
  });

  it("keeps the new e-mail through the page's refusal, then the server's", async () => {
    serverAction.mockImplementation(async (form) => ({
      status: 400,
      message: "Your current password is not correct",
      fields: { currentPassword: "Your current password is not correct" },
      values: { intent: "update", email: String(form.get("email")) },
    }));
    const user = await changeEmailWithoutCurrentPassword();
    expect(screen.getByLabelText("New email")).toHaveValue("new@example.com");
    await user.type(screen.getByLabelText("Current password"), "wrong");
    await user.click(screen.getByRole("button", { name: "Update account" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Current password")).toHaveAccessibleDescription(
        /Your current password is not correct/,
      ),
    );
    expect(sentForms[0]?.get("email")).toBe("new@example.com");
    expect(screen.getByLabelText("New email")).toHaveValue("new@example.com");
    await user.type(screen.getByLabelText("Current password"), "right");
    await user.click(screen.getByRole("button", { name: "Update account" }));
    await waitFor(() => expect(sentForms).toHaveLength(2));
    expect(sentForms[1]?.get("email")).toBe("new@example.com");
  });

  it("says Subscribe only sent a confirmation link, and reads the account again", async () => {
    serverAction.mockResolvedValue({ intent: "subscribe", done: true, subscribed: false });
    const user = renderPage();
    await screen.findByText("You are not subscribed to our promotional mailing list.");
    const before = vi.mocked(fetch).mock.calls.length;
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByText(SUBSCRIPTION_PENDING)).toBeVisible();
    expect(sentForms[0]?.get("intent")).toBe("subscribe");
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.length).toBeGreaterThan(before));
  });

  it("deletes only once confirmed, then forgets the login and goes home", async () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValue(true);
    serverAction.mockResolvedValue({ intent: "deleteAccount", done: true });
    const user = renderPage();
    const remove = await screen.findByRole("button", { name: "Delete account" });
    await user.click(remove);
    expect(confirm).toHaveBeenCalledWith(DELETE_CONFIRMATION);
    expect(serverAction).not.toHaveBeenCalled();
    await user.click(remove);
    expect(await screen.findByText("Home page")).toBeVisible();
    expect(sentForms[0]?.get("intent")).toBe("deleteAccount");
    expect(sentForms[0]?.get("confirmed")).toBe("yes");
    expect(localStorage.getItem("authToken")).toBeNull();
  });

  it("asks on the page when the press came before the script could (no confirmation yet)", async () => {
    serverAction.mockResolvedValue({ intent: "deleteAccount", confirm: true });
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: "Delete account" }));
    expect(await screen.findByText(DELETE_CONFIRMATION)).toBeVisible();
    expect(screen.getByRole("button", { name: "Yes, delete my account" })).toBeVisible();
  });

  it("says the account needs JavaScript when the form came without the login", async () => {
    serverAction.mockResolvedValue({
      status: 401,
      noLogin: true,
      message: "Your account needs JavaScript: …",
      fields: {},
      values: { intent: "unsubscribe" },
    });
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: "Unsubscribe" }));
    const alert = await screen.findByText(/Failed to Unsubscribe mailing list/);
    expect(alert).toHaveTextContent("Your account needs JavaScript");
    expect(screen.queryByText("Login page")).toBeNull();
  });

  it("sends a refused login to log in again", async () => {
    serverAction.mockResolvedValue({
      status: 401,
      message: "Your session has expired",
      fields: {},
      values: { intent: "unsubscribe" },
    });
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByText("Login page")).toBeVisible();
    expect(localStorage.getItem("authToken")).toBeNull();
  });

  it("saves Download my data as a file, posting the login in the body", async () => {
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: "Download my data" }));
    expect(await screen.findByText("Your data is saved as kybernetes-my-data.json.")).toBeVisible();
    expect(saved.files.map((file) => file.name)).toEqual(["kybernetes-my-data.json"]);
    const post = vi.mocked(fetch).mock.calls.find(([url]) => String(url) === "/account-data");
    expect(post?.[1]?.method).toBe("POST");
    expect((post?.[1]?.body as FormData).get("intent")).toBe("downloadMyData");
  });

  it("says when the account could not be read", async () => {
    vi.mocked(fetch).mockImplementation(
      apiAnswers({
        "GET /get-account-details": () => json(500, { error: { code: "x", message: "x" } }),
        "GET /orders": () => ({ orders: [] }),
      }),
    );
    renderPage();
    expect(await screen.findByText("Failed to get account details")).toBeVisible();
    expect(within(document.body).getByText("Welcome, ada")).toBeVisible();
  });
});
