/**
 * `npm run staff -- add <username>`, `remove <username>`, `list`: who may open the back office
 * (decision 016). No web page can grant the role; this is the only way. `verify-audit` checks
 * the audit log's hash chain (issue 23).
 *
 * With DATABASE_URL the command talks to PostgreSQL directly, whether or not servers run. The
 * embedded database admits one process at a time: while a server runs on DATA_DIR, the command
 * is handed to it through its control socket; otherwise the database is opened here.
 */
import { userInfo } from "node:os";
import {
  controlSocketPath,
  listenForControl,
  sendControlCommand,
} from "../server/staff/control-socket.ts";
import { runStaffCommand, type StaffCommand } from "../server/staff/staff-accounts.ts";
import { loadConfig, type Config } from "../server/config.ts";
import { preparePrivateDataDir } from "../server/lib/private-data-dir.ts";
import { openDatabase } from "../server/start.ts";
import { failed, runFromCommandLine, type CommandResult } from "./command-line.ts";

const USAGE = `Usage:
  npm run staff -- add <username>      make an account staff (it opens /admin after logging in)
  npm run staff -- remove <username>   take the role away and end that account's logins
  npm run staff -- list                who is staff
  npm run staff -- verify-audit        check that no audit-log entry was changed or removed`;

function readCommand(args: string[]): StaffCommand | undefined {
  const [command, username, ...rest] = args;
  const by = userInfo().username;
  if (rest.length > 0) return undefined;
  if ((command === "list" || command === "verify-audit") && username === undefined) {
    return { command, by };
  }
  if ((command === "add" || command === "remove") && username) return { command, username, by };
  return undefined;
}

async function run(command: StaffCommand, config: Config) {
  if (config.DATABASE_URL) return withDatabase(config, command);
  await preparePrivateDataDir(config.dataDir);
  const socket = controlSocketPath(config.dataDir);
  const answer = await sendControlCommand(socket, command);
  if (answer) return answer;
  // No server runs here: hold the socket while the database is open, so a server starting
  // meanwhile waits its turn instead of opening the same files.
  const claim = await listenForControl(socket, async () => ({
    ok: false,
    message: "npm run staff is using the database right now. Please try again.",
  }));
  try {
    return await withDatabase(config, command);
  } finally {
    await claim?.close();
  }
}

async function withDatabase(config: Config, command: StaffCommand) {
  const database = await openDatabase(config);
  try {
    return await runStaffCommand(database.db, command);
  } finally {
    await database.close();
  }
}

/**
 * The command without the process around it: what it prints to stdout and stderr, and the code
 * it exits with (2 for a usage error). The tests run it here; the command line below is a shell.
 */
export async function staffCommand(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<CommandResult> {
  const command = readCommand(args);
  if (!command) return { code: 2, stdout: "", stderr: `${USAGE}\n` };
  try {
    const result = await run(command, loadConfig(env));
    return result.ok
      ? { code: 0, stdout: `${result.message}\n`, stderr: "" }
      : { code: 1, stdout: "", stderr: `${result.message}\n` };
  } catch (error) {
    return failed(error);
  }
}

await runFromCommandLine(import.meta.url, staffCommand);
