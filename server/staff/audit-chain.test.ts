import { randomBytes } from "node:crypto";
import { asc, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type Database } from "../db/client.ts";
import { auditLog } from "../db/schema.ts";
import { createTestDatabase, testEngines } from "#tests/server/test-database.ts";
import { describeChainReport, verifyAuditChain } from "./audit-chain.ts";
import { recordAudit, type Actor } from "./audit-log.ts";

const actor: Actor = { id: 7, name: "alice", address: "203.0.113.9" };

const record = (n: number) =>
  recordAudit(databaseOf().db, actor, {
    action: "stock.set",
    entity: "product",
    entityId: n,
    details: { before: n, after: n + 1, note: { z: "last", a: "first" } },
  });

let current: Database | undefined;
const databaseOf = () => {
  if (!current) throw new Error("no database");
  return current;
};

describe.each(testEngines())("the audit log's hash chain on %s", (engine) => {
  beforeAll(async () => {
    current = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await current?.close();
  });

  /** What someone with the table owner's rights could do, bypassing the append-only trigger. */
  async function asOwner(statement: ReturnType<typeof sql>) {
    const db = databaseOf().db;
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_log disable trigger user`);
      await tx.execute(statement);
      await tx.execute(sql`alter table audit_log enable trigger user`);
    });
  }

  it("chains every entry, written one after another or at once, and says the log is intact", async () => {
    for (let n = 0; n < 3; n += 1) await record(n);
    await Promise.all(Array.from({ length: 20 }, (_, n) => record(100 + n)));
    const report = await verifyAuditChain(databaseOf().db);
    expect(report).toMatchObject({ ok: true, verified: 23, unchained: 0 });
    const rows = await databaseOf().db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(report.head).toEqual({ id: rows.at(-1)?.id, hash: rows.at(-1)?.hash });
    expect(describeChainReport(report)).toContain("The audit log is intact: 23 entries checked.");
  });

  it("finds an entry changed behind the trigger's back", async () => {
    const rows = await databaseOf().db.select().from(auditLog).orderBy(asc(auditLog.id));
    const victim = rows[5];
    if (!victim) throw new Error("too few entries");
    await asOwner(
      sql`update audit_log set details = '{"before": 1, "after": 999}' where id = ${victim.id}`,
    );
    const report = await verifyAuditChain(databaseOf().db);
    expect(report).toMatchObject({ ok: false, verified: 5, broken: { id: victim.id } });
    expect(describeChainReport(report)).toContain(
      `The audit log was tampered with: entry ${victim.id}`,
    );
  });

  it("finds an entry removed, even with its neighbours intact", async () => {
    await asOwner(sql`truncate audit_log`);
    for (let n = 0; n < 4; n += 1) await record(n);
    const rows = await databaseOf().db.select().from(auditLog).orderBy(asc(auditLog.id));
    const [, second, third] = rows;
    if (!second || !third) throw new Error("too few entries");
    await asOwner(sql`delete from audit_log where id = ${second.id}`);
    const report = await verifyAuditChain(databaseOf().db);
    expect(report).toMatchObject({ ok: false, verified: 1, broken: { id: third.id } });
  });

  it("counts entries written before the chain began, and refuses one without a hash after it", async () => {
    await asOwner(sql`truncate audit_log`);
    await databaseOf().db.insert(auditLog).values({
      actorName: "old",
      action: "stock.set",
      entity: "product",
      entityId: "1",
      address: "x",
    });
    await record(1);
    const before = await verifyAuditChain(databaseOf().db);
    expect(before).toMatchObject({ ok: true, verified: 1, unchained: 1 });
    expect(describeChainReport(before)).toContain("1 older entry was written before the chain");
    await databaseOf().db.insert(auditLog).values({
      actorName: "forger",
      action: "stock.set",
      entity: "product",
      entityId: "1",
      address: "x",
    });
    expect(await verifyAuditChain(databaseOf().db)).toMatchObject({ ok: false, verified: 1 });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the app's database role (PostgreSQL)", () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? "";
  const suffix = randomBytes(4).toString("hex");
  const ownerRole = `kb_owner_${suffix}`;
  const appRole = `kb_app_${suffix}`;
  const name = `test_roles_${suffix}`;
  let admin: pg.Client;
  let database: Database;
  let appClient: pg.Client;

  const urlFor = (role: string) => {
    const url = new URL(serverUrl);
    url.username = role;
    url.password = "";
    url.pathname = `/${name}`;
    return url.toString();
  };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create role ${ownerRole} login`);
    await admin.query(`create role ${appRole} login`);
    await admin.query(`create database ${name} owner ${ownerRole}`);
    database = await openPostgres({ url: urlFor(appRole), ownerUrl: urlFor(ownerRole) });
    appClient = new pg.Client({ connectionString: urlFor(appRole) });
    await appClient.connect();
  });
  afterAll(async () => {
    await appClient?.end();
    await database?.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`drop role if exists ${appRole}`);
    await admin.query(`drop role if exists ${ownerRole}`);
    await admin.end();
  });

  it("may append to the audit log and read it, and nothing more", async () => {
    await recordAudit(database.db, actor, { action: "stock.set", entity: "product", entityId: 1 });
    expect((await verifyAuditChain(database.db)).ok).toBe(true);
    const refused = async (statement: string) => {
      await expect(appClient.query(statement)).rejects.toThrow(/permission denied|must be owner/);
    };
    await refused("alter table audit_log disable trigger user");
    await refused("update audit_log set actor_name = 'x'");
    await refused("delete from audit_log");
    await refused("truncate audit_log");
    await refused("create table stolen (id int)");
  });

  it("reads and writes the shop's other tables", async () => {
    const { rows } = await appClient.query(
      "insert into contact_messages (email, message) values ('a@example.com', 'hi') returning id",
    );
    expect(rows).toHaveLength(1);
    await appClient.query("delete from contact_messages");
  });
});
