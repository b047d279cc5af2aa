import type { Page, Request } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  setTheme,
  test,
  waitForHydration,
  holdScripts,
} from "../browser/fixtures.ts";

const MAP_ORIGIN = "https://www.openstreetmap.org";

/** The machine running the tests has no internet: the map frame gets a small stand-in page. */
async function stubMap(page: Page) {
  await page.route(`${MAP_ORIGIN}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><html lang='en'><title>Map</title><p>Map of Alexandria</p></html>",
    }),
  );
}

/** The form's posts to the page's own action (its data address once hydrated). */
function contactPosts(page: Page) {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/contactus")) {
      posts.push(request);
    }
  });
  return posts;
}

async function openContactPage(page: Page) {
  await stubMap(page);
  await page.goto("/contactus");
  await waitForHydration(page);
  return {
    email: page.getByLabel("Email", { exact: true }),
    message: page.getByLabel("Message", { exact: true }),
    send: page.getByRole("button", { name: "Send message" }),
  };
}

test("the contact page gives hours, address, e-mail, phone and a map of Alexandria", async ({
  page,
}) => {
  await openContactPage(page);
  const main = page.getByRole("main");
  await expect(main).toContainText("Monday to Sunday, 9:00 AM to 5:00 PM, by appointment only");
  await expect(main).toContainText("Alexandria NSW");
  await expect(main.getByRole("link", { name: "support@kybernetes.com.au" })).toHaveAttribute(
    "href",
    "mailto:support@kybernetes.com.au",
  );
  // ACMA's fictitious range until the company's own number replaces it (core/site-config.ts).
  await expect(main.getByRole("link", { name: "0491 570 156" })).toHaveAttribute(
    "href",
    "tel:+61491570156",
  );

  const frame = page.locator("iframe");
  await expect(frame).toHaveAttribute("title", /Map of our studio at .*Alexandria NSW/);
  await expect(frame).toHaveAttribute("loading", "lazy");
  await expect(frame).toHaveAttribute(
    "src",
    /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/,
  );
  expect((await frame.boundingBox())?.height).toBe(400);
  await expect(page.frameLocator("iframe").getByText("Map of Alexandria")).toBeVisible();
  await expect(
    main.getByRole("link", { name: "Open our location on OpenStreetMap" }),
  ).toHaveAttribute("href", `${MAP_ORIGIN}/?mlat=-33.9105&mlon=151.1952#map=15/-33.9105/151.1952`);
});

test("arriving from another page loads the map without a policy violation", async ({ page }) => {
  await stubMap(page);
  // From a page that hydrates, so the link would otherwise be followed inside the app.
  await page.goto("/books");
  await waitForHydration(page);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Contact Us" })
    .click();
  await expect(page).toHaveURL("/contactus");
  await expect(page.frameLocator("iframe").getByText("Map of Alexandria")).toBeVisible();
  // Back and forward keep the history as it was.
  await page.goBack();
  await expect(page).toHaveURL("/books");
  await page.goForward();
  await expect(page).toHaveURL("/contactus");
  await expect(page.frameLocator("iframe").getByText("Map of Alexandria")).toBeVisible();
});

test("when the map cannot load, the link to it is still there", async ({ page }) => {
  await page.route(`${MAP_ORIGIN}/**`, (route) => route.abort("internetdisconnected"));
  await page.goto("/contactus");
  await expect(
    page.getByRole("link", { name: "Open our location on OpenStreetMap" }),
  ).toBeVisible();
});

test("invalid input shows the SPEC messages and sends nothing", async ({ page }) => {
  const posts = contactPosts(page);
  const { email, message, send } = await openContactPage(page);
  await send.click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Message is required")).toBeVisible();
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute("aria-invalid", "true");

  await email.fill("someone@example");
  await message.fill("   ");
  await send.click();
  await expect(page.getByText("Invalid email format")).toBeVisible();
  await expect(page.getByText("Message is required")).toBeVisible();
  expect(posts).toEqual([]);

  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
    await expectNoAxeViolations(page);
  }
});

test("typing stops at 1000 characters and the count follows", async ({ page }) => {
  const { message } = await openContactPage(page);
  await expect(page.getByText("0 of 1000 characters")).toBeVisible();
  await message.fill("x".repeat(1000));
  await message.press("End");
  await message.pressSequentially("yz");
  await expect(message).toHaveValue("x".repeat(1000));
  await expect(page.getByText("1000 of 1000 characters")).toBeVisible();
});

test("a valid message is sent: thanks shown, both fields cleared", async ({ page }) => {
  const posts = contactPosts(page);
  const { email, message, send } = await openContactPage(page);
  await email.fill("ada@example.com");
  await message.fill("Do you stock parylene-coated magnets?");
  await send.click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you" })).toContainText(
    "Thank you for your message!",
  );
  await expect(email).toHaveValue("");
  await expect(message).toHaveValue("");
  expect(posts).toHaveLength(1);
  expect(new URL(posts[0]?.url() ?? "").search).not.toContain("email");
  expect((await posts[0]?.response())?.status()).toBe(200);
});

test("what is typed before the page's JavaScript arrives is kept and sent", async ({ page }) => {
  const posts = contactPosts(page);
  await stubMap(page);
  const release = await holdScripts(page);
  // The load event waits for the held scripts.
  await page.goto("/contactus", { waitUntil: "commit" });
  const email = page.getByLabel("Email", { exact: true });
  const message = page.getByLabel("Message", { exact: true });
  await email.fill("ada@example.com");
  await message.fill("Typed before hydration");
  release();
  await waitForHydration(page);
  await expect(page.getByText("22 of 1000 characters")).toBeVisible();
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you" })).toBeVisible();
  const sent = new URLSearchParams(posts[0]?.postDataBuffer()?.toString() ?? "");
  expect(sent.get("email")).toBe("ada@example.com");
  expect(sent.get("message")).toBe("Typed before hydration");
});

test.describe("when the server fails", () => {
  // The browser itself logs the failed request.
  test.use({ allowedConsoleErrors: /status of 500/ });

  test("a server error is shown and nothing typed is lost", async ({ page }) => {
    const { email, message, send } = await openContactPage(page);
    const warnings: string[] = [];
    page.on("console", (entry) => {
      if (entry.type() === "warning") warnings.push(entry.text());
    });
    // The page's data address: /contactus.data, or /contactus/_.data for the prerendered page.
    await page.route(/\/contactus(\.data|\/_\.data)/, (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" }),
    );
    await email.fill("ada@example.com");
    await message.fill("Please keep this text");
    await send.click();
    await expect(page.getByRole("alert").filter({ hasText: "could not be sent" })).toContainText(
      "Nothing you typed has been lost",
    );
    await expect(email).toHaveValue("ada@example.com");
    await expect(message).toHaveValue("Please keep this text");
    await expect(page.getByText("Thank you for your message!")).toHaveCount(0);
    expect(warnings.some((text) => text.includes("Failed to submit form"))).toBe(true);
  });
});

test.describe("before the page's JavaScript runs (issue 24)", () => {
  // An invalid form is answered 400, which the browser notes in its console.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: /status of 400/ });

  test("a press sends the message by a plain POST: thanks shown, nothing in the address", async ({
    page,
  }) => {
    await stubMap(page);
    await page.goto("/contactus");
    await page.getByLabel("Email", { exact: true }).fill("nojs@example.com");
    await page.getByLabel("Message", { exact: true }).fill("Sent without JavaScript");
    const [post] = await Promise.all([
      page.waitForRequest((request) => request.method() === "POST"),
      page.getByRole("button", { name: "Send message" }).click(),
    ]);
    expect(post.postData()).toContain("nojs%40example.com");
    await expect(page.getByText("Thank you for your message!")).toBeVisible();
    expect(new URL(page.url()).search).toBe("");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("");
  });

  test("invalid input comes back with the SPEC messages and what was typed", async ({ page }) => {
    await stubMap(page);
    await page.goto("/contactus");
    await page.getByLabel("Email", { exact: true }).fill("someone@example");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Invalid email format")).toBeVisible();
    await expect(page.getByText("Message is required")).toBeVisible();
    // Fields to correct, not a fault to wait out.
    await expect(page.getByRole("alert")).toHaveText(
      "Your message could not be sent: please correct the fields marked above. Nothing you typed has been lost.",
    );
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("someone@example");
    expect(new URL(page.url()).search).toBe("");
  });
});
