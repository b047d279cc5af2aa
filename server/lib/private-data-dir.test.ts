import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveAuthSecret } from "../accounts/auth-secret.ts";
import { loadConfig } from "../config.ts";
import { openPglite } from "../db/client.ts";
import { createMailTransport } from "../mail/mail-transport.ts";
import { DataDirError, preparePrivateDataDir } from "./private-data-dir.ts";

const root = mkdtempSync(path.join(tmpdir(), "kybernetes-modes-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Every file and folder under `folder` that its group or others could read or write. */
function notPrivate(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => (statSync(file).mode & 0o077) !== 0)
    .map((file) => `${path.relative(folder, file)} ${modeOf(file).toString(8)}`);
}

describe("the data folder (issue 23)", () => {
  // Without the start-up umask (tests run in worker threads, which may not set it): each file is
  // written private on purpose, not by the umask's grace.
  it("is created 0700, and what the server writes there is the server's alone", async () => {
    const dataDir = path.join(root, "fresh", "var");
    await preparePrivateDataDir(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);

    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
    const database = await openPglite(dataDir);
    await database.close();
    await resolveAuthSecret(config);
    const transport = createMailTransport(config, { info: () => {} });
    await transport.send({
      kind: "reset_password",
      to: "owner@example.com",
      subject: "Reset your password",
      text: "https://shop.example/reset-password#token=secret",
      html: "<p>secret</p>",
    });

    const outbox = path.join(dataDir, "outbox");
    const [eml] = readdirSync(outbox);
    expect(modeOf(path.join(outbox, eml ?? ""))).toBe(0o600);
    expect(modeOf(path.join(dataDir, "auth-secret"))).toBe(0o600);
    expect(readdirSync(path.join(dataDir, "pgdata")).length).toBeGreaterThan(5);
    expect(notPrivate(dataDir)).toEqual([]);
  });

  it.each([0o755, 0o750, 0o707])(
    "is refused when its mode is %o, naming the chmod",
    async (mode) => {
      const dataDir = path.join(root, `open-${mode.toString(8)}`);
      mkdirSync(dataDir);
      chmodSync(dataDir, mode);
      await expect(preparePrivateDataDir(dataDir)).rejects.toThrow(DataDirError);
      await expect(preparePrivateDataDir(dataDir)).rejects.toThrow(`chmod 700 ${dataDir}`);
    },
  );

  it("stops `npm start` at once, with one line that says what to do", () => {
    const dataDir = path.join(root, "shared");
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    const result = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: "0", NODE_ENV: "test" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(
      new RegExp(`^DATA_DIR ${dataDir} can be read by other users .*chmod 700 ${dataDir}$`),
    );
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
