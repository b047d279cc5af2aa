import path from "node:path";
import { pathToFileURL } from "node:url";
import { privateUmask } from "../server/lib/private-data-dir.ts";

/** What a command of the shop's own says and how it ends; tests call the command directly. */
export interface CommandResult {
  /** 0 done, 1 refused or failed, 2 a usage error. */
  code: 0 | 1 | 2;
  stdout: string;
  stderr: string;
}

/** A refusal's answer: the error's message on stderr, exit 1. */
export function failed(error: unknown): CommandResult & { code: 1 } {
  return {
    code: 1,
    stdout: "",
    stderr: `${error instanceof Error ? error.message : String(error)}\n`,
  };
}

/**
 * Runs `command` with the process's arguments when `moduleUrl` is the script node was started
 * with (`npm run staff -- …`), not when a test imports it, and exits with its code.
 */
export async function runFromCommandLine(
  moduleUrl: string,
  command: (args: string[]) => Promise<CommandResult>,
): Promise<void> {
  const started = process.argv[1];
  if (started === undefined || moduleUrl !== pathToFileURL(path.resolve(started)).href) return;
  // Only the main thread may set the umask: the command line does, before it writes anything.
  privateUmask();
  const { code, stdout, stderr } = await command(process.argv.slice(2));
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  process.exit(code);
}
