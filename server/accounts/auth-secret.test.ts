import { mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { AUTH_SECRET_FILE, resolveAuthSecret } from "./auth-secret.ts";

async function emptyDataDir() {
  return path.join(await mkdtemp(path.join(tmpdir(), "kybernetes-secret-")), "data");
}

describe("resolveAuthSecret", () => {
  it("uses AUTH_SECRET when set", async () => {
    const secret = "s".repeat(40);
    const config = loadConfig({ AUTH_SECRET: secret, DATA_DIR: await emptyDataDir() });
    expect(await resolveAuthSecret(config)).toBe(secret);
  });

  it("generates a private secret into DATA_DIR once and reuses it", async () => {
    const config = loadConfig({ DATA_DIR: await emptyDataDir() });
    const first = await resolveAuthSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(config.dataDir, AUTH_SECRET_FILE);
    expect((await readFile(file, "utf8")).trim()).toBe(first);
    expect((await stat(file)).mode & 0o077).toBe(0);
    expect(await resolveAuthSecret(config)).toBe(first);
  });

  it("gives two data folders different secrets", async () => {
    const a = await resolveAuthSecret(loadConfig({ DATA_DIR: await emptyDataDir() }));
    const b = await resolveAuthSecret(loadConfig({ DATA_DIR: await emptyDataDir() }));
    expect(a).not.toBe(b);
  });

  it("refuses a secret file that is too short", async () => {
    const config = loadConfig({ DATA_DIR: await emptyDataDir() });
    await resolveAuthSecret(config);
    await writeFile(path.join(config.dataDir, AUTH_SECRET_FILE), "short\n");
    await expect(resolveAuthSecret(config)).rejects.toThrow(/shorter than 32 characters/);
  });
});
