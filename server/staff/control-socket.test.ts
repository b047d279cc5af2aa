import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  controlSocketPath,
  DataDirInUseError,
  listenForControl,
  sendControlCommand,
} from "./control-socket.ts";

const folders: string[] = [];
function dataDir() {
  const folder = mkdtempSync(path.join(tmpdir(), "control-"));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("the control socket", () => {
  it("hands a command to the server and brings its answer back", async () => {
    const socket = controlSocketPath(dataDir());
    const seen: unknown[] = [];
    const control = await listenForControl(socket, async (command) => {
      seen.push(command);
      return { ok: true, message: "done" };
    });
    try {
      expect(statSync(socket).mode & 0o777).toBe(0o600);
      const answer = await sendControlCommand(socket, {
        command: "add",
        username: "ada",
        by: "me",
      });
      expect(answer).toEqual({ ok: true, message: "done" });
      expect(seen).toEqual([{ command: "add", username: "ada", by: "me" }]);
    } finally {
      await control?.close();
    }
  });

  it("answers undefined when no server listens, even over a socket file left behind", async () => {
    const folder = dataDir();
    const socket = controlSocketPath(folder);
    expect(await sendControlCommand(socket, { command: "list", by: "me" })).toBeUndefined();
    const control = await listenForControl(socket, async () => ({ ok: true, message: "" }));
    await control?.close();
    // A killed server leaves its socket file; the next start takes it over.
    const next = await listenForControl(socket, async () => ({ ok: true, message: "again" }));
    expect(await sendControlCommand(socket, { command: "list", by: "me" })).toEqual({
      ok: true,
      message: "again",
    });
    await next?.close();
  });

  it("refuses a second process on the same data folder", async () => {
    const socket = controlSocketPath(dataDir());
    const first = await listenForControl(socket, async () => ({ ok: true, message: "" }));
    try {
      await expect(
        listenForControl(socket, async () => ({ ok: true, message: "" })),
      ).rejects.toThrow(DataDirInUseError);
    } finally {
      await first?.close();
    }
  });

  it("turns down a request it does not understand", async () => {
    const socket = controlSocketPath(dataDir());
    const control = await listenForControl(socket, async () => ({ ok: true, message: "ran" }));
    try {
      const answer = await sendControlCommand(socket, { command: "drop", by: "me" } as never);
      expect(answer).toEqual({ ok: false, message: "The server did not understand the command." });
    } finally {
      await control?.close();
    }
  });
});
