import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { createJobRunner } from "./job-runner.ts";

const HOUR = 60 * 60 * 1000;

function quietLog() {
  return { error: vi.fn() } as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };
}

describe("the background job runner", () => {
  it("runs a job with everyMs at its first tick, then not again until that time has passed", async () => {
    let clock = 1_000_000;
    const ran: string[] = [];
    const runner = createJobRunner(
      [
        { name: "mail", runOnce: async () => ran.push("mail") },
        { name: "pruning", runOnce: async () => ran.push("pruning"), everyMs: HOUR },
      ],
      60_000,
      quietLog(),
      () => clock,
    );
    await runner.kick();
    clock += HOUR - 1;
    await runner.kick();
    clock += 1;
    await runner.kick();
    expect(ran).toEqual(["mail", "pruning", "mail", "mail", "pruning"]);
  });

  it("logs a job that fails and still runs the ones after it", async () => {
    const log = quietLog();
    const ran: string[] = [];
    const runner = createJobRunner(
      [
        { name: "broken", runOnce: () => Promise.reject(new Error("no database")) },
        { name: "mail", runOnce: async () => ran.push("mail") },
      ],
      60_000,
      log,
    );
    await runner.kick();
    expect(ran).toEqual(["mail"]);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: "broken" }),
      "background job failed",
    );
  });

  it("runs nothing once stopped", async () => {
    const runOnce = vi.fn(async () => {});
    const runner = createJobRunner([{ name: "mail", runOnce }], 60_000, quietLog());
    await runner.stop();
    await runner.kick();
    expect(runOnce).not.toHaveBeenCalled();
  });
});
