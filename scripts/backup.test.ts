import { randomBytes, randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startProcess, stopProcess } from "../bench/lib/processes.ts";
import { readBackup } from "../server/staff/backup.ts";
import { controlSocketPath, sendControlCommand } from "../server/staff/control-socket.ts";
import { packTar } from "../server/lib/tar.ts";
import { photoPng } from "#tests/fixtures/pictures.ts";
import { backupCommand, POSTGRES_ADVICE } from "./backup.ts";
import { restoreCommand } from "./restore.ts";

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
function tempFolder(prefix: string) {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

/** The commands as a person types them, on the embedded database of `dataDir`. */
const env = (dataDir: string) => ({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" });

/** The eBook edition of Salt Water Circuit (content/products.csv): no stock, no address. */
const EBOOK_ID = 8;

/** A shop on the embedded database in `dataDir`, as `npm start` runs it behind one proxy. */
async function startShop(dataDir: string) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = await startProcess(
    "tests/server/api-only-server.ts",
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      LOG_LEVEL: "silent",
      NODE_ENV: "test",
      // Each request names its own client address, so no per-address limit is reached.
      TRUST_PROXY: "1",
      JOB_INTERVAL_MS: "100",
    },
    `${origin}/api/ready`,
  );
  const client = () =>
    `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + ((randomBytes(1)[0] ?? 0) % 250)}`;
  const request = (url: string, init: RequestInit = {}) =>
    fetch(`${origin}${url}`, {
      ...init,
      headers: { "x-forwarded-for": client(), ...(init.headers as Record<string, string>) },
    });
  const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    request(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  return { child, request, postJson };
}
type Shop = Awaited<ReturnType<typeof startShop>>;

/** Quoted-printable as Nodemailer writes it, enough to read a link back. */
const unquote = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The token of the newest link e-mailed to `to` (DATA_DIR/outbox, no SMTP), once written. */
async function mailedToken(dataDir: string, to: string): Promise<string> {
  const outbox = path.join(dataDir, "outbox");
  let token: string | undefined;
  await expect
    .poll(
      () => {
        const mails = existsSync(outbox)
          ? readdirSync(outbox)
              .sort()
              .map((file) => unquote(readFileSync(path.join(outbox, file), "utf8")))
              .filter((mail) => mail.includes(`To: ${to}`))
          : [];
        token = /\?token=([\w.-]+)/.exec(mails.at(-1) ?? "")?.[1];
        return token;
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBeTruthy();
  return token ?? "";
}

/**
 * An account, logged in: signed up at once (201), or through the link e-mailed to finish the
 * sign-up (202, issue 34).
 */
async function newAccount(shop: Shop, dataDir: string) {
  const username = `keeper${randomBytes(3).toString("hex")}`;
  const email = `${username}@example.com`;
  const password = "correct horse battery 1";
  const signup = await shop.postJson("/api/signup", { username, email, password });
  expect([201, 202]).toContain(signup.status);
  if (signup.status === 202) {
    const finished = await shop.postJson("/api/finish-signup", {
      token: await mailedToken(dataDir, email),
    });
    expect(finished.status).toBe(201);
  }
  return { username, password };
}

interface Acknowledged {
  number: string;
  accessToken: string;
  sentAt: number;
  answeredAt: number;
}

async function placeOrder(shop: Shop): Promise<Acknowledged> {
  const sentAt = performance.now();
  const response = await shop.postJson("/api/orders", {
    idempotencyKey: randomUUID(),
    email: `buyer-${randomUUID().slice(0, 8)}@example.com`,
    lines: [{ id: EBOOK_ID, quantity: 1 }],
  });
  const answeredAt = performance.now();
  if (response.status !== 201)
    throw new Error(`order: ${response.status} ${await response.text()}`);
  const placed = (await response.json()) as { order: { number: string }; accessToken: string };
  return { number: placed.order.number, accessToken: placed.accessToken, sentAt, answeredAt };
}

describe("npm run backup and npm run restore", () => {
  let shop: Shop | undefined;
  afterAll(async () => {
    if (shop) await stopProcess(shop.child);
  });

  // About 20 s alone: two server starts, one with a fresh database, and a backup under load.
  it("back up a running shop while orders come in, and the restored shop has every acknowledged order and the picture", async () => {
    const dataDir = tempFolder("backup-live-");
    const backups = tempFolder("backup-files-");
    shop = await startShop(dataDir);
    const live = shop;

    // A staff member, made so from the command line (through the server's socket).
    const { username, password } = await newAccount(live, dataDir);
    const granted = await sendControlCommand(controlSocketPath(dataDir), {
      command: "add",
      username,
      by: "test",
    });
    expect(granted?.ok).toBe(true);
    const login = await live.postJson("/api/login", { username, password });
    const { token } = (await login.json()) as { token: string };
    const staff = { authorization: `Bearer ${token}` };

    // A picture uploaded to a product: stored in the database, served from /pictures/….
    const form = new FormData();
    form.append("alt", "The novel's cover on a bench");
    const png = new Uint8Array(await photoPng(800, 500));
    form.append("picture", new Blob([png], { type: "image/png" }), "cover.png");
    const uploaded = await live.request(`/api/admin/products/${EBOOK_ID}/pictures`, {
      method: "POST",
      headers: staff,
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const picture = ((await uploaded.json()) as { images: string[] }).images.at(-1) ?? "";
    expect(picture).toMatch(/^\/pictures\/\d+-\d+\.webp$/);
    const pictureBytes = Buffer.from(await (await live.request(picture)).arrayBuffer());
    expect(pictureBytes.length).toBeGreaterThan(100);

    // Orders placed before the backup, then three buyers at once all through it.
    const acknowledged: Acknowledged[] = [];
    for (let index = 0; index < 5; index++) acknowledged.push(await placeOrder(live));
    let writing = true;
    const writers = Array.from({ length: 3 }, async () => {
      while (writing) acknowledged.push(await placeOrder(live));
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const file = path.join(backups, "shop.tar.gz");
    const backupStarted = performance.now();
    const answer = await backupCommand([file], env(dataDir));
    const backupEnded = performance.now();
    // Orders keep coming a moment after it, then the writers stop.
    await new Promise((resolve) => setTimeout(resolve, 300));
    writing = false;
    await Promise.all(writers);
    await stopProcess(live.child);
    shop = undefined;

    expect(answer.stderr).toBe("");
    expect(answer.code).toBe(0);
    expect(answer.stdout).toContain(`Backup written to ${file}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The writers were busy while the copy was taken: orders sent before it ended were
    // answered after it began.
    expect(
      acknowledged.filter((order) => order.sentAt < backupEnded && order.answeredAt > backupStarted)
        .length,
    ).toBeGreaterThan(0);
    const { manifest, files } = await readBackup(file);
    expect(manifest.files.map((listed) => listed.name).sort()).toEqual([
      "auth-secret",
      "pgdata.tar",
    ]);
    expect(files.get("auth-secret")?.toString().trim().length).toBeGreaterThanOrEqual(32);

    // Restored into a new folder, the shop starts on it.
    const restoredDir = path.join(tempFolder("backup-restored-"), "data");
    const restored = await restoreCommand([file], env(restoredDir));
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^Restored the backup of .* \(\d+ orders, \d+ products\)/);
    expect(statSync(restoredDir).mode & 0o777).toBe(0o700);
    expect(readdirSync(restoredDir).sort()).toEqual(["auth-secret", "pgdata"]);
    shop = await startShop(restoredDir);
    const back = shop;

    const found = await Promise.all(
      acknowledged.map(async (order) => {
        const response = await back.request(
          `/api/orders/${order.number}?token=${encodeURIComponent(order.accessToken)}`,
        );
        if (response.status === 404) return { order, lines: undefined };
        expect(response.status).toBe(200);
        const view = (await response.json()) as { lines: { productId: number }[] };
        return { order, lines: view.lines };
      }),
    );
    const before = found.filter(({ order }) => order.answeredAt < backupStarted);
    const after = found.filter(({ order }) => order.sentAt > backupEnded);
    expect(before.length).toBeGreaterThanOrEqual(5);
    // Every order answered before the backup began is there, whole.
    for (const { order, lines } of before) {
      expect(lines, `order ${order.number}, acknowledged before the backup`).toHaveLength(1);
    }
    // Orders in flight are there whole or not at all; none sent after the copy ended is.
    for (const { lines } of found) if (lines) expect(lines).toHaveLength(1);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter(({ lines }) => lines)).toEqual([]);

    // The picture, with the same bytes, and the staff login (the token secret came back too).
    const served = await back.request(picture);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(pictureBytes)).toBe(true);
    const account = await back.request("/api/get-account-details", { headers: staff });
    expect(account.status).toBe(200);
    await stopProcess(back.child);
    shop = undefined;

    // A folder that holds a shop is never overwritten.
    const refused = await restoreCommand([file], env(dataDir));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`DATA_DIR ${dataDir} is not empty (it holds `);
    expect(refused.stderr).toContain("A restore only fills an empty folder");

    // With no server running, the command opens the folder itself: every order is in it.
    const offline = path.join(backups, "offline.tar.gz");
    const cold = await backupCommand([offline], env(dataDir));
    expect(cold.stderr).toBe("");
    expect(cold.code).toBe(0);
    expect(readdirSync(dataDir)).not.toContain("control.sock");
    const again = await restoreCommand([offline], env(path.join(backups, "cold")));
    expect(again.stdout).toContain(`(${acknowledged.length} orders,`);
  }, 300_000);

  it("refuses to replace a file, and a damaged or foreign backup", async () => {
    const folder = tempFolder("backup-refusals-");
    const existing = path.join(folder, "taken.tar.gz");
    await writeFile(existing, "mine");
    const overwrite = await backupCommand([existing], env(path.join(folder, "data")));
    expect(overwrite).toMatchObject({
      code: 1,
      stderr: `${existing} exists already; choose another name.\n`,
    });

    const nothing = await backupCommand(
      [path.join(folder, "new.tar.gz")],
      env(path.join(folder, "none")),
    );
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain("nothing to back up");

    const target = path.join(folder, "restore-here");
    const foreign = await restoreCommand([existing], env(target));
    expect(foreign).toMatchObject({ code: 1 });
    expect(foreign.stderr).toContain("is not a readable backup");
    // A copy that stopped part way, and an archive that lost its end: named, not guessed at.
    const tar = await packTar([{ name: "manifest.json", bytes: randomBytes(4096) }]);
    const cut = path.join(folder, "cut.tar.gz");
    const whole = gzipSync(tar);
    await writeFile(cut, whole.subarray(0, whole.length - 100));
    expect((await restoreCommand([cut], env(target))).stderr).toBe(
      `${cut} is not a readable backup (it is cut short).\n`,
    );
    const endless = path.join(folder, "endless.tar.gz");
    await writeFile(endless, gzipSync(tar.subarray(0, tar.length - 1024)));
    expect((await restoreCommand([endless], env(target))).stderr).toBe(
      `${endless} is not a readable backup (the tar archive is cut short (no end marker)).\n`,
    );
    // The refused restores left nothing behind.
    expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);

    expect((await restoreCommand([], env(target))).code).toBe(2);
    expect((await backupCommand(["a", "b"], env(target))).code).toBe(2);
  });

  it("sends PostgreSQL to its own tools", async () => {
    const folder = tempFolder("backup-postgres-");
    mkdirSync(path.join(folder, "data"));
    const postgres = {
      ...process.env,
      DATA_DIR: path.join(folder, "data"),
      DATABASE_URL: "postgres://db/shop",
    };
    const backup = await backupCommand([path.join(folder, "x.tar.gz")], postgres);
    expect(backup).toEqual({ code: 1, stdout: "", stderr: `${POSTGRES_ADVICE}\n` });
    expect(backup.stderr).toContain("pg_dump");
    expect(existsSync(path.join(folder, "x.tar.gz"))).toBe(false);
    const restore = await restoreCommand([path.join(folder, "x.tar.gz")], postgres);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain("pg_restore");
  });
});
