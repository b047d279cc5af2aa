import { asc, eq, sql } from "drizzle-orm";
import { usernameKey } from "#core/account/username.ts";
import type { Db } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";
import { productsWithSampleFiles, type SampleFileProduct } from "../catalog/product-file-store.ts";
import { describeChainReport, verifyAuditChain } from "./audit-chain.ts";
import { recordAudit, type Actor } from "./audit-log.ts";

export type StaffCommand = (
  | { command: "add"; username: string }
  | { command: "remove"; username: string }
  | { command: "list" }
  | { command: "verify-audit" }
  /** `npm run check:launch`: the eBooks still delivered as the shop's sample chapter. */
  | { command: "sample-files" }
) & {
  by: string;
};

export interface StaffCommandResult {
  ok: boolean;
  message: string;
  staff?: { username: string; email: string }[];
  samples?: SampleFileProduct[];
}

/** Only the command line reaches this: a web page can never make anyone staff. */
export async function runStaffCommand(db: Db, request: StaffCommand): Promise<StaffCommandResult> {
  const actor: Actor = { id: null, name: `${request.by} (command line)`, address: "command line" };
  if (request.command === "verify-audit") {
    const report = await verifyAuditChain(db);
    return { ok: report.ok, message: describeChainReport(report) };
  }
  if (request.command === "sample-files") {
    const samples = await productsWithSampleFiles(db);
    return { ok: true, samples, message: `${samples.length} products have sample files.` };
  }
  if (request.command === "list") {
    const staff = await db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(eq(users.role, "staff"))
      .orderBy(asc(users.usernameKey));
    return {
      ok: true,
      staff,
      message:
        staff.length === 0
          ? "Nobody is staff yet. Add someone with: npm run staff -- add <username>"
          : staff.map((member) => `${member.username} <${member.email}>`).join("\n"),
    };
  }

  const adding = request.command === "add";
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, username: users.username, role: users.role })
      .from(users)
      .where(eq(users.usernameKey, usernameKey(request.username)))
      .for("update");
    if (!user) {
      return {
        ok: false,
        message: `No account is called ${request.username}. The person signs up at /signup first.`,
      };
    }
    if ((user.role === "staff") === adding) {
      return {
        ok: true,
        message: `${user.username} ${adding ? "is already" : "is not"} staff; nothing changed.`,
      };
    }
    await tx
      .update(users)
      .set({
        role: adding ? "staff" : "customer",
        // Removing the role ends every login at once; adding it keeps them (a login from
        // before the grant opens the back office for at most 12 hours from when it began).
        ...(adding ? {} : { tokenVersion: sql`${users.tokenVersion} + 1` }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    if (!adding) {
      await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    }
    await recordAudit(tx, actor, {
      action: adding ? "staff.grant" : "staff.revoke",
      entity: "user",
      entityId: user.id,
      details: { username: user.username },
    });
    return {
      ok: true,
      message: adding
        ? `${user.username} is now staff: after logging in they open the back office at /admin. Staff logins last 12 hours.`
        : `${user.username} is no longer staff, and every login of theirs has ended.`,
    };
  });
}
