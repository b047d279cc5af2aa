import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** The PostgreSQL server binaries of this machine, if any (Debian: /usr/lib/postgresql/N/bin). */
export function findPostgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort().reverse();
  for (const version of versions) {
    const bin = path.join(root, version, "bin");
    if (existsSync(path.join(bin, "pg_ctl")) && existsSync(path.join(bin, "initdb"))) return bin;
  }
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/**
 * A private PostgreSQL server in a temporary folder, for tests that stop and start the
 * database. PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 */
export async function startThrowawayPostgres(bin: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "throwaway-pg-"));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const [file, fileArgs] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, command), ...args]]
      : [path.join(bin, command), args];
    execFileSync(file, fileArgs, { stdio: "pipe" });
  };
  run("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () =>
    run("pg_ctl", ["-D", dataDir, "-o", options, "-w", "-l", path.join(dir, "log"), "start"]);
  const stop = () => run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      spawnSync(
        asRoot ? "runuser" : path.join(bin, "pg_ctl"),
        asRoot
          ? [
              "-u",
              "postgres",
              "--",
              path.join(bin, "pg_ctl"),
              "-D",
              dataDir,
              "-m",
              "immediate",
              "stop",
            ]
          : ["-D", dataDir, "-m", "immediate", "stop"],
      );
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
