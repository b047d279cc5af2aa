import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AdminMessage, Dashboard } from "#core/admin/admin-schemas.ts";
import { auditLog, contactMessages } from "../db/schema.ts";
import { setUpBackOffice } from "#tests/server/staff-helpers.ts";

const backOffice = setUpBackOffice();

const asStaff = (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
  backOffice.app.inject({
    method,
    url,
    headers: backOffice.staff.headers,
    ...(payload ? { payload } : {}),
  });

async function messages(query = "") {
  return (await asStaff("GET", `/api/admin/messages${query}`)).json<{
    messages: AdminMessage[];
    older: number | null;
    newer: number | null;
  }>();
}

describe("contact messages", () => {
  it("lists them newest first, a page at a time, unread marked", async () => {
    const ids: number[] = [];
    for (let index = 1; index <= 27; index += 1) {
      const [row] = await backOffice.database.db
        .insert(contactMessages)
        .values({ email: `visitor${index}@example.com`, message: `Question ${index}` })
        .returning({ id: contactMessages.id });
      ids.push(row?.id ?? 0);
    }
    const first = await messages();
    expect(first.messages).toHaveLength(25);
    expect(first.messages[0]).toMatchObject({
      id: ids.at(-1),
      message: "Question 27",
      readAt: null,
    });
    const second = await messages(`?before=${first.older}`);
    expect(second.messages.map((message) => message.id)).toEqual([ids[1], ids[0]]);
    expect(second.older).toBeNull();
    const back = await messages(`?after=${second.newer}`);
    expect(back.messages.map((message) => message.id)).toEqual(first.messages.map((m) => m.id));
  });

  it("marks a message read and unread again, and the dashboard counts the unread", async () => {
    const [row] = await backOffice.database.db
      .insert(contactMessages)
      .values({ email: "reader@example.com", message: "Hello" })
      .returning({ id: contactMessages.id });
    const id = row?.id ?? 0;
    const unread = async () =>
      (await asStaff("GET", "/api/admin/dashboard")).json<Dashboard>().unreadMessages;
    const before = await unread();
    const read = await asStaff("POST", `/api/admin/messages/${id}/read`, { read: true });
    expect(read.statusCode).toBe(200);
    expect(read.json<AdminMessage>().readAt).not.toBeNull();
    expect(await unread()).toBe(before - 1);
    // Opening it again changes nothing and writes no second entry.
    await asStaff("POST", `/api/admin/messages/${id}/read`, { read: true });
    const again = await asStaff("POST", `/api/admin/messages/${id}/read`, { read: false });
    expect(again.json<AdminMessage>().readAt).toBeNull();
    const actions = await backOffice.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(actions.map((entry) => entry.action)).toEqual(["message.read", "message.unread"]);
  });

  it("deletes a message for good, keeping only who deleted it and when", async () => {
    const [row] = await backOffice.database.db
      .insert(contactMessages)
      .values({ email: "private@example.com", message: "My secret question" })
      .returning({ id: contactMessages.id });
    const id = row?.id ?? 0;
    expect((await asStaff("DELETE", `/api/admin/messages/${id}`)).statusCode).toBe(200);
    const gone = await asStaff("GET", `/api/admin/messages/${id}`);
    expect(gone.statusCode).toBe(404);
    expect((await asStaff("DELETE", `/api/admin/messages/${id}`)).statusCode).toBe(404);
    const [entry] = await backOffice.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "message.delete"));
    expect(entry).toMatchObject({
      actorName: backOffice.staff.username,
      entityId: String(id),
      details: null,
    });
  });

  it("answers 400 for a message id that is not a number", async () => {
    const response = await asStaff("GET", "/api/admin/messages/abc");
    expect(response.statusCode).toBe(400);
  });
});
