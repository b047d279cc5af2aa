import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { placeholdersInUse } from "../core/site-config.ts";
import { launchCheck } from "./check-launch.ts";

const run = promisify(execFile);

describe("npm run check:launch", () => {
  it("lists every placeholder still in use and fails", () => {
    const { exitCode, report } = launchCheck(placeholdersInUse(["bank", "links.codeHosting"]));
    expect(exitCode).toBe(1);
    expect(report).toContain("2 placeholders");
    expect(report).toContain("Bank account for transfers: BSB 000-000, account 0000 0000 [bank]");
    expect(report).toContain(
      "Code-hosting profile: https://github.com/kybernetes-au [links.codeHosting]",
    );
  });

  it("passes once none is left", () => {
    expect(launchCheck([])).toEqual({
      exitCode: 0,
      report: "Ready for launch: no placeholder left in core/site-config.ts.",
    });
  });

  it("exits 1 on the shipped config, naming each placeholder", async () => {
    const failed = await run(process.execPath, ["--import", "tsx", "scripts/check-launch.ts"]).then(
      () => undefined,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failed?.code).toBe(1);
    for (const placeholder of placeholdersInUse()) {
      expect(failed?.stderr).toContain(`${placeholder.name}: ${placeholder.value}`);
    }
  });
});
