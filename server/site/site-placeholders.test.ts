import { describe, expect, it } from "vitest";
import { placeholdersInUse } from "#core/site-config.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { stubDatabase } from "#tests/server/test-database.ts";

/** The app as a start with this NODE_ENV builds it, with its log lines kept. */
async function startLog(nodeEnv: "production" | "development") {
  const lines: string[] = [];
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: nodeEnv, LOG_LEVEL: "info" }),
    database: stubDatabase(),
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.close();
  return lines.map(
    (line) => JSON.parse(line) as { level: number; msg: string; placeholders?: string[] },
  );
}

describe("placeholder organisation details at start", () => {
  it("are named in a warning when the server starts in production", async () => {
    const warnings = (await startLog("production")).filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    const [warning] = warnings;
    const inUse = placeholdersInUse();
    expect(warning?.placeholders).toEqual(inUse.map((placeholder) => placeholder.key));
    for (const placeholder of inUse) expect(warning?.msg).toContain(placeholder.name);
    expect(warning?.msg).toContain("Bank account for transfers");
  });

  it("are not warned about in development", async () => {
    const lines = await startLog("development");
    expect(lines.filter((line) => line.level === 40)).toEqual([]);
  });
});
