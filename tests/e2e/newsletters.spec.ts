import type { APIRequestContext } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  expectNoAxeViolationsInBothThemes,
  waitForHydration,
} from "../browser/fixtures.ts";
import { linkIn, waitForMail } from "../browser/outbox.ts";
import { logInAsStaff, test } from "../browser/staff.ts";
import { createUser } from "../browser/users.ts";

async function subscribedReader(request: APIRequestContext) {
  const reader = await createUser(request);
  const headers = { authorization: `Bearer ${reader.token}` };
  await request.put("/api/Subscribe-mailing-list", { headers });
  const confirmation = await waitForMail({ kind: "confirm_subscription", to: reader.email });
  const token = new URL(linkIn(confirmation, "/confirm-subscription"), "http://x").searchParams.get(
    "token",
  );
  const confirmed = await request.post("/api/confirm-subscription", { data: { token } });
  expect(confirmed.status()).toBe(200);
  const subscribed = async () =>
    (
      (await (await request.get("/api/get-account-details", { headers })).json()) as {
        subscribed: boolean;
      }
    ).subscribed;
  expect(await subscribed()).toBe(true);
  return { ...reader, subscribed };
}

// The preview frames are sandboxed without scripts: axe cannot be put in them, and says so.
test.use({ allowedConsoleErrors: /^Blocked script execution in 'about:srcdoc'/ });

test("staff write a newsletter, preview it at two widths with its plain text, test it and send it; a reader unsubscribes in one click", async ({
  page,
  request,
  staff,
  browser,
  baseURL,
}) => {
  test.slow();
  const reader = await subscribedReader(request);
  const subject = `Spring at Kybernetes ${Date.now()}`;

  await logInAsStaff(page, staff);
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Newsletters" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Newsletters" })).toBeVisible();
  await page.getByRole("link", { name: "Write a newsletter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New newsletter" })).toBeVisible();

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Subject is required")).toBeVisible();

  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Preview text").fill("New books and a meetup");
  await page
    .getByLabel("Text (Markdown)")
    .fill(
      "## New on the shelf\n\nOur **spring** titles are in.\n\n[product: pennington-piercing-forceps]\n\nSee you at the [meetup](/events).",
    );
  // The preview follows the typing before anything is saved.
  await expect(page.getByRole("region", { name: "Preview" }).locator("pre")).toContainText(
    "Pennington Piercing Forceps",
  );
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  const feedback = page.getByRole("article", { name: subject }).getByRole("status").first();

  const preview = page.getByRole("region", { name: "Preview" });
  const desktop = preview.locator('iframe[title="The e-mail on a computer, 600 pixels wide"]');
  const phone = preview.locator('iframe[title="The e-mail on a phone, 375 pixels wide"]');
  await expect(desktop).toHaveAttribute("sandbox", "allow-same-origin");
  expect((await desktop.boundingBox())?.width).toBeCloseTo(600, -1);
  expect((await phone.boundingBox())?.width).toBeCloseTo(375, -1);
  await expect(
    page
      .frameLocator('iframe[title="The e-mail on a phone, 375 pixels wide"]')
      .getByRole("heading", {
        name: "New on the shelf",
      }),
  ).toBeVisible();
  await expect(
    page
      .frameLocator('iframe[title="The e-mail on a computer, 600 pixels wide"]')
      .getByRole("link", { name: "See it in the shop" }),
  ).toHaveAttribute("href", /\/products\/pennington-piercing-forceps$/);
  // Styled as the e-mail will be, though the page's CSP refuses inline styles.
  await expect(
    page
      .frameLocator('iframe[title="The e-mail on a computer, 600 pixels wide"]')
      .getByRole("link", { name: "See it in the shop" }),
  ).toHaveCSS("background-color", "rgb(11, 92, 173)");
  await expect(preview.locator("pre")).toContainText("Pennington Piercing Forceps");
  await expect(preview.locator("pre")).toContainText("New on the shelf");
  await expect(preview.locator("pre")).toContainText("Unsubscribe with one click, no login needed");
  await expect(preview.locator("pre")).toContainText("ABN 83 824 753 559");
  await expectNoAxeViolationsInBothThemes(page);

  await page
    .getByLabel("Text (Markdown)")
    .fill("## New on the shelf\n\nOur **spring** titles are in.");
  await expect(preview.locator("pre")).not.toContainText("Pennington Piercing Forceps");
  await page.getByRole("button", { name: "Preview changes" }).click();
  await expect(feedback).toContainText("not saved yet");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(feedback).toHaveText("Draft saved.");

  await page.getByRole("button", { name: "Send a test to me" }).click();
  await expect(feedback).toContainText("A test is on its way to");
  const trial = await waitForMail({
    kind: "newsletter_test",
    contains: "Our spring titles are in.",
  });
  expect(trial.headers.subject).toBe(`[Test] ${subject}`);

  await page.getByRole("button", { name: "Send to all subscribers…" }).click();
  const dialog = page.getByRole("alertdialog", {
    name: "Send this newsletter to every subscriber?",
  });
  await dialog.getByRole("button", { name: "Yes, send it" }).click();
  await expect(feedback).toContainText(/Sending to \d+ subscriber/);

  const mail = await waitForMail({
    kind: "newsletter",
    to: reader.email,
    contains: "Our spring titles are in.",
  });
  expect(mail.headers.subject).toBe(subject);
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  expect(mail.headers["list-unsubscribe"]).toMatch(
    /^<https?:\/\/[^>]+\/api\/unsubscribe\?token=[^>]+>$/,
  );
  expect(mail.text).toMatch(
    /You get this because you subscribed to the Kybernetes mailing list on \d{1,2} \w+ \d{4}\./,
  );

  await page.getByRole("link", { name: "← All newsletters" }).click();
  const row = page.getByRole("row", { name: new RegExp(subject) });
  await expect(row.getByRole("cell").nth(1)).toHaveText(/Sending|Sent/);
  await expectNoAxeViolationsInBothThemes(page);

  const stranger = await browser.newContext({ baseURL });
  try {
    const other = await stranger.newPage();
    await other.goto(linkIn(mail, "/unsubscribe"));
    await waitForHydration(other);
    await other.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(
      other.getByRole("status").filter({ hasText: "Successfully unsubscribed!" }),
    ).toBeVisible();
    await expectNoAxeViolations(other);
  } finally {
    await stranger.close();
  }
  expect(await reader.subscribed()).toBe(false);
});
