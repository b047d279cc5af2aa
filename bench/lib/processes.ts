import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

export async function waitFor(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Starts a TypeScript entry point as a child process and waits until `readyUrl` answers. Its
 * stdout (where the server logs) is thrown away unless `stdoutFile` names a file to append to.
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  readyUrl: string,
  { stdoutFile }: { stdoutFile?: string } = {},
): Promise<ChildProcess> {
  const stdout = stdoutFile ? openSync(stdoutFile, "a") : "ignore";
  const child = spawn("node", ["--import", "tsx", entry], {
    env: { ...process.env, ...env },
    stdio: ["ignore", stdout, "inherit"],
  });
  // The child holds its own copy of the descriptor.
  if (typeof stdout === "number") closeSync(stdout);
  await waitFor(readyUrl);
  return child;
}

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
