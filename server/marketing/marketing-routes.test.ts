import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { auditLog, mailBounces, users } from "../db/schema.ts";
import { signUp } from "#tests/server/account-helpers.ts";
import { setUpBackOffice } from "#tests/server/staff-helpers.ts";

const backOffice = setUpBackOffice();

async function subscriber(username: string, consentAt: Date) {
  const account = await signUp(backOffice.app, {
    username,
    email: `${username.replace(/\W/g, "x")}${Date.now()}@example.com`,
    password: "correct horse 9",
  });
  await backOffice.database.db
    .update(users)
    .set({ subscribed: true, subscriptionChangedAt: consentAt })
    .where(eq(users.email, account.email));
  return account;
}

describe("the mailing list", () => {
  it("lists subscribers with their consent time and any bounce, latest first, and exports them as CSV", async () => {
    const ada = await subscriber("ada", new Date("2026-03-01T10:00:00Z"));
    const formula = await subscriber("=1+1", new Date("2026-04-01T10:00:00Z"));
    const at = await subscriber("@cmd", new Date("2026-05-01T10:00:00Z"));
    const gone = await signUp(backOffice.app); // not subscribed, bounced: not counted
    const reason = "Can't send mail - all recipients were rejected: 550 5.1.1 No such user";
    await backOffice.database.db.insert(mailBounces).values([
      {
        emailKey: formula.email.toLowerCase(),
        bouncedAt: new Date("2026-06-01T10:00:00Z"),
        reason,
      },
      { emailKey: gone.email.toLowerCase(), reason },
    ]);

    const list = await backOffice.app.inject({
      url: "/api/admin/subscribers",
      headers: backOffice.staff.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      subscribers: [
        { username: "@cmd", email: at.email, consentAt: "2026-05-01T10:00:00.000Z", bounce: null },
        {
          username: "=1+1",
          email: formula.email,
          consentAt: "2026-04-01T10:00:00.000Z",
          bounce: { at: "2026-06-01T10:00:00.000Z", reason },
        },
        { username: "ada", email: ada.email, consentAt: "2026-03-01T10:00:00.000Z", bounce: null },
      ],
      total: 3,
      bounced: 1,
      page: 1,
      pages: 1,
    });

    const csv = await backOffice.app.inject({
      url: "/api/admin/exports/subscribers",
      headers: backOffice.staff.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(
      'attachment; filename="kybernetes-mailing-list.csv"',
    );
    expect(csv.body.startsWith("\uFEFFUsername,Email,Consent given (UTC),Bounced (UTC)\r\n")).toBe(
      true,
    );
    const rows = Papa.parse<string[]>(csv.body.slice(1).trimEnd(), { newline: "\r\n" }).data;
    expect(rows).toEqual([
      ["Username", "Email", "Consent given (UTC)", "Bounced (UTC)"],
      ["ada", ada.email, "2026-03-01T10:00:00.000Z", ""],
      ["'=1+1", formula.email, "2026-04-01T10:00:00.000Z", "2026-06-01T10:00:00.000Z"],
      ["'@cmd", at.email, "2026-05-01T10:00:00.000Z", ""],
    ]);
    const [entry] = await backOffice.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "subscribers.export"));
    expect(entry).toMatchObject({
      actorName: backOffice.staff.username,
      details: { subscribers: 3 },
    });
  });

  it("refuses a page number that is not 1 or more", async () => {
    const response = await backOffice.app.inject({
      url: "/api/admin/subscribers?page=0",
      headers: backOffice.staff.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.page).toBe("page must be 1 or more");
  });
});
