import { chmod, mkdir, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { z } from "zod";
import type { StaffCommand, StaffCommandResult } from "./staff-accounts.ts";

export interface BackupCommand {
  command: "backup";
  file: string;
  by: string;
}

export type ControlCommand = StaffCommand | BackupCommand;

// PGlite is one process's at a time, so the running server runs staff commands sent here. Mode
// 0600: whoever can use it could already read the database files.
export const CONTROL_SOCKET_NAME = "control.sock";

/** Unix socket paths are limited to about 107 bytes; a longer data folder gets no socket. */
const MAX_SOCKET_PATH = 100;

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, CONTROL_SOCKET_NAME);
}

const by = z.string().min(1).max(100);
const commandSchema = z.discriminatedUnion("command", [
  z.object({ command: z.literal("add"), username: z.string().min(1).max(200), by }),
  z.object({ command: z.literal("remove"), username: z.string().min(1).max(200), by }),
  z.object({ command: z.literal("list"), by }),
  z.object({ command: z.literal("verify-audit"), by }),
  z.object({ command: z.literal("sample-files"), by }),
  z.object({
    command: z.literal("backup"),
    file: z.string().max(1000).refine(path.isAbsolute, "must be an absolute path"),
    by,
  }),
]);

export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
}

/** One request per connection: a JSON line in, a JSON line out. */
export async function listenForControl(
  socketPath: string,
  run: (command: ControlCommand) => Promise<StaffCommandResult>,
): Promise<{ close(): Promise<void> } | undefined> {
  if (socketPath.length > MAX_SOCKET_PATH) return undefined;
  if (await answers(socketPath)) {
    throw new DataDirInUseError(
      `Another process (a server, or npm run staff) is using the data folder ${path.dirname(socketPath)}. ` +
        "The embedded database admits one process at a time: stop the other one, or give this server its own DATA_DIR.",
    );
  }
  // A socket file left by a server that was killed: nobody answers on it.
  await mkdir(path.dirname(socketPath), { recursive: true });
  await rm(socketPath, { force: true });

  const server = net.createServer((connection) => {
    let input = "";
    connection.setEncoding("utf8");
    connection.setTimeout(10_000, () => connection.destroy());
    connection.on("data", (chunk: string) => {
      input += chunk;
      if (input.length > 4096) connection.destroy();
      if (!input.includes("\n")) return;
      // The request is in: a long command (a backup) may now take longer than a slow client.
      connection.setTimeout(0);
      const parsed = commandSchema.safeParse(safeJson(input.slice(0, input.indexOf("\n"))));
      const answer = parsed.success
        ? run(parsed.data)
        : Promise.resolve({ ok: false, message: "The server did not understand the command." });
      answer
        .catch((error: unknown) => ({
          ok: false,
          message: `The server could not run the command: ${error instanceof Error ? error.message : String(error)}`,
        }))
        .then((result) => connection.end(`${JSON.stringify(result)}\n`));
    });
    connection.on("error", () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

/** Undefined when no server answers: then the caller opens the database itself. */
export async function sendControlCommand(
  socketPath: string,
  command: ControlCommand,
  { timeoutMs = 15_000 }: { timeoutMs?: number } = {},
): Promise<StaffCommandResult | undefined> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socketPath);
    let output = "";
    connection.setEncoding("utf8");
    connection.setTimeout(timeoutMs, () => {
      connection.destroy();
      reject(
        new Error(
          `The running server did not answer within ${Math.round(timeoutMs / 1000)} seconds.`,
        ),
      );
    });
    connection.on("connect", () => connection.write(`${JSON.stringify(command)}\n`));
    connection.on("data", (chunk: string) => (output += chunk));
    connection.on("end", () => {
      const parsed = safeJson(output.trim()) as StaffCommandResult | undefined;
      if (parsed && typeof parsed.message === "string") resolve(parsed);
      else reject(new Error("The running server gave an answer that could not be read."));
    });
    connection.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(undefined);
      else reject(error);
    });
  });
}

async function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = net.createConnection(socketPath);
    connection.on("connect", () => {
      connection.destroy();
      resolve(true);
    });
    connection.on("error", () => resolve(false));
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
