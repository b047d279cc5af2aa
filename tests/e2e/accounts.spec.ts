import {
  expect,
  expectNoAxeViolations,
  setTheme,
  test,
  waitForHydration,
} from "../browser/fixtures.ts";
import { linkIn, waitForMail } from "../browser/outbox.ts";
import { createUser, holdToken, newAccount, storedToken } from "../browser/users.ts";

const DELETE_CONFIRMATION =
  "Are you sure you want to delete your account? Deleting an account is not recoverable.";
const SUBSCRIPTION_PENDING =
  "Check your inbox: we sent a confirmation link to your e-mail. Your subscription starts when you follow it.";

// The browser logs every 4xx answer of the API as a console error; these are provoked on purpose.
test.use({ allowedConsoleErrors: /status of 40[19]/ });

test("sign up → account → edit → subscribe → logout → login → delete", async ({ page }) => {
  // One long journey with five axe scans and four real (OWASP-cost) password hashes.
  test.slow();
  const account = newAccount();

  await page.goto("/signup");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Sign up" })).toBeVisible();
  // The form as it opens has its axe passes in the route walk (shell.spec.ts); here its states.
  const username = page.getByLabel("Username");
  const email = page.getByLabel("Email");
  const password = page.getByLabel("Password", { exact: true });
  await expect(username).toHaveAttribute("maxlength", "20");
  await expect(email).toHaveAttribute("maxlength", "50");
  await expect(password).toHaveAttribute("maxlength", "64");

  // Field messages come from the shared schema, before anything is sent.
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Username is required")).toBeVisible();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
  await expect(username).toBeFocused();
  await expect(username).toHaveAttribute("aria-invalid", "true");
  await expect(username).toHaveAccessibleDescription("Username is required");
  await email.fill("not-an-email");
  await password.fill("short");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Invalid email format")).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await expectNoAxeViolations(page);

  // The checkbox shows the password; Reset empties the form.
  await expect(password).toHaveAttribute("type", "password");
  await page.getByLabel("Show password").check();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Reset" }).click();
  await expect(email).toHaveValue("");
  await expect(page.getByText("Invalid email format")).toHaveCount(0);

  await username.fill(account.username);
  await email.fill(account.email);
  await password.fill(account.password);
  await page.getByRole("button", { name: "Register" }).click();

  // No account yet, and no login: the e-mailed link makes both (issue 34).
  await expect(
    page.getByRole("status").filter({ hasText: "Check your e-mail to finish signing up" }),
  ).toBeFocused();
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(page).toHaveURL("/signup");
  expect(await storedToken(page)).toBeNull();
  await expectNoAxeViolations(page);
  const mail = await waitForMail({ kind: "finish_signup", to: account.email });
  await page.goto(linkIn(mail, "/finish-signup"));
  await expect(page.getByRole("heading", { level: 1, name: "Finish signing up" })).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Finish signing up" }).click();

  await expect(page).toHaveURL("/account");
  await expect(
    page.getByRole("status").filter({ hasText: "Success: Registration successful" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  await expect(page.getByText(`Welcome, ${account.username}`)).toBeVisible();
  const details = page.getByRole("definition");
  await expect(details.filter({ hasText: account.email })).toBeVisible();
  await expect(
    page.getByText("You are not subscribed to our promotional mailing list."),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Edit: a new username and a new password; empty email stays as it is.
  const renamed = `${account.username}x`;
  const newPassword = "another phrase 7";
  await expect(page.getByPlaceholder("Enter new username")).toBeVisible();
  await expect(page.getByPlaceholder("Enter new email")).toBeVisible();
  const newPasswordField = page.getByPlaceholder("Enter new password");
  await page.getByPlaceholder("Enter new username").fill(renamed);
  await newPasswordField.fill(newPassword);
  await expect(newPasswordField).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show new password" }).click();
  await expect(newPasswordField).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide new password" }).click();
  await expect(newPasswordField).toHaveAttribute("type", "password");
  // A new password takes the current one (decision 015).
  await page.getByRole("button", { name: "Update account" }).click();
  await expect(page.getByLabel("Current password")).toHaveAccessibleDescription(
    /Enter your current password to change your email or password/,
  );
  await expect(page.getByLabel("Current password")).toBeFocused();
  await page.getByLabel("Current password").fill(account.password);
  await page.getByRole("button", { name: "Update account" }).click();
  // Checking the current password and storing the new one are two scrypt runs at OWASP's cost
  // (128 MiB each): on a busy two-core machine that alone can take most of the usual wait.
  await expect(page.getByRole("status").filter({ hasText: "Account details updated" })).toBeVisible(
    { timeout: 20_000 },
  );
  await expect(page.getByText(`Welcome, ${renamed}`)).toBeVisible();
  await expect(details.filter({ hasText: renamed })).toBeVisible();
  await expect(page.getByPlaceholder("Enter new username")).toHaveValue("");

  // Double opt-in: Subscribe sends a link (account-security.spec.ts follows it).
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: SUBSCRIPTION_PENDING })).toBeVisible();
  await expect(
    page.getByRole("definition").filter({ hasText: "Subscription pending confirmation" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Successfully unsubscribed!" }),
  ).toBeVisible();
  await expect(
    page.getByText("You are not subscribed to our promotional mailing list."),
  ).toBeVisible();

  // Logout from the header goes home and forgets the token.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Logout" })
    .click();
  await expect(page).toHaveURL("/?notice=logged-out");
  expect(await storedToken(page)).toBeNull();

  await page.goto("/login");
  await waitForHydration(page);
  const loginPassword = page.getByLabel("Password", { exact: true });
  await page.getByLabel("Username").fill(renamed);
  await loginPassword.fill(account.password);
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(loginPassword).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(
    page.getByRole("alert").filter({
      hasText: "Login failed. Please check your username and password and try again.",
    }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await loginPassword.fill(newPassword);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL("/account");
  await expect(page.getByText(`Welcome, ${renamed}`)).toBeVisible();
  expect(await storedToken(page)).toBeTruthy();
  // History was replaced: going back does not return to the login form.
  await page.goBack();
  await expect(page).not.toHaveURL("/login");
  await page.goForward();
  await expect(page).toHaveURL("/account");

  // Delete: a dismissed confirmation keeps the account, an accepted one removes it.
  const dialogs: string[] = [];
  page.once("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole("button", { name: "Delete account" }).click();
  await expect.poll(() => dialogs).toEqual([DELETE_CONFIRMATION]);
  await expect(page).toHaveURL("/account");
  expect(await storedToken(page)).toBeTruthy();

  page.once("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Delete account" }).click();
  await expect(page).toHaveURL("/?notice=account-deleted");
  await expect(
    page.getByRole("status").filter({ hasText: "Your account has been deleted." }),
  ).toBeVisible();
  expect(dialogs).toEqual([DELETE_CONFIRMATION, DELETE_CONFIRMATION]);
  expect(await storedToken(page)).toBeNull();

  const login = await page.request.post("/api/login", {
    data: { username: renamed, password: newPassword },
  });
  expect(login.status()).toBe(401);
});

test.describe("route guards", () => {
  test("a visitor asking for /account is sent to /login", async ({ page }) => {
    await page.goto("/account");
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
    await expect(page.getByText(/Welcome/)).toHaveCount(0);
  });

  test("a token holder asking for /login or /signup is sent to /account", async ({
    page,
    request,
  }) => {
    const user = await createUser(request);
    await holdToken(page, user.token);
    for (const path of ["/login", "/signup"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/account");
      await expect(page.getByText(`Welcome, ${user.username}`)).toBeVisible();
      await expect(page.getByRole("button", { name: "Register" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Login" })).toHaveCount(0);
    }
  });

  test("a revoked token is cleared and the visitor is sent to /login", async ({
    page,
    request,
  }) => {
    const user = await createUser(request);
    const deleted = await request.post("/api/delete-account", {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(deleted.status()).toBe(200);
    await holdToken(page, user.token);
    await page.goto("/account");
    await expect(page).toHaveURL("/login");
    await expect(page.getByText("Your session has ended. Please log in again.")).toBeVisible();
    expect(await storedToken(page)).toBeNull();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }),
    ).toBeVisible();
  });

  test("an expired token is cleared without asking the server", async ({ page }) => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const expired = `${encode({ alg: "HS256" })}.${encode({ sub: "1", username: "old", exp: 1 })}.sig`;
    const calls: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/api/")) calls.push(req.url());
    });
    await holdToken(page, expired);
    await page.goto("/account");
    await expect(page).toHaveURL("/login");
    expect(await storedToken(page)).toBeNull();
    expect(calls).toEqual([]);
  });
});

test("a taken e-mail gets the same answer as a new one, and its owner an e-mail (issue 34)", async ({
  page,
  request,
}) => {
  const existing = await createUser(request);
  await page.goto("/signup");
  await waitForHydration(page);
  await page.getByLabel("Username").fill(newAccount().username);
  await page.getByLabel("Email").fill(existing.email.toUpperCase());
  await page.getByLabel("Password", { exact: true }).fill("pass phrase 42");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Check your e-mail to finish signing up" }),
  ).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  const notice = await waitForMail({ kind: "signup_attempt", to: existing.email });
  expect(notice.text).toContain(existing.username);
  await page.goto(
    new URL(/https?:\/\/\S+\/forgot-password\b/.exec(notice.text)?.[0] ?? "").pathname,
  );
  await expect(
    page.getByRole("heading", { level: 1, name: "Forgot your password?" }),
  ).toBeVisible();
});

test("a taken username makes sign-up fail with the server's reason", async ({ page, request }) => {
  const existing = await createUser(request);
  await page.goto("/signup");
  await waitForHydration(page);
  await page.getByLabel("Username").fill(existing.username.toUpperCase());
  await page.getByLabel("Email").fill(newAccount().email);
  await page.getByLabel("Password", { exact: true }).fill("pass phrase 42");
  await page.getByRole("button", { name: "Register" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Error: Registration failed. Contact" });
  await expect(alert).toContainText("support@kybernetes.com.au");
  await expect(alert).toContainText("This username is already taken");
  await expect(page.getByLabel("Username")).toHaveAccessibleDescription(
    "This username is already taken",
  );
  await expect(page).toHaveURL("/signup");
  expect(await storedToken(page)).toBeNull();
  await expectNoAxeViolations(page);
});

test.describe("when the API fails", () => {
  test.use({ allowedConsoleErrors: /status of 500/ });

  test("every account action shows its SPEC failure message", async ({ page, request }) => {
    const user = await createUser(request);
    await holdToken(page, user.token);
    // The details are read from the API; the forms post to the page's action (its data address:
    // /account.data, or /account/_.data for the prerendered page).
    await page.route("**/api/get-account-details", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"error":{"code":"internal_error","message":"x"}}',
      }),
    );
    await page.route(/\/account(\.data|\/_\.data)/, (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" })
        : route.continue(),
    );
    await page.goto("/account");
    await waitForHydration(page);
    await expect(
      page.getByRole("alert").filter({ hasText: "Failed to get account details" }),
    ).toBeVisible();
    await expect(page.getByText(`Welcome, ${user.username}`)).toBeVisible();

    await page.getByPlaceholder("Enter new email").fill(`x${user.email}`);
    await page.getByLabel("Current password").fill(user.password);
    await page.getByRole("button", { name: "Update account" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Failed to update account data" }),
    ).toBeVisible();

    await page.getByRole("button", { name: "Subscribe", exact: true }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Failed to Subscribe mailing list" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Failed to Unsubscribe mailing list" }),
    ).toBeVisible();

    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Delete account" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Failed to delete account" }),
    ).toBeVisible();
    await expect(page).toHaveURL("/account");
    expect(await storedToken(page)).toBe(user.token);
    await expectNoAxeViolations(page);
  });
});

test.describe("account screens in dark mode", () => {
  test("the account page passes axe in dark mode", async ({ page, request }) => {
    const user = await createUser(request);
    await holdToken(page, user.token);
    await setTheme(page, "dark");
    await page.goto("/account");
    await waitForHydration(page);
    await expect(page.getByText(`Welcome, ${user.username}`)).toBeVisible();
    await expect(
      page.getByText("You are not subscribed to our promotional mailing list."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Subscribe", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: SUBSCRIPTION_PENDING })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
