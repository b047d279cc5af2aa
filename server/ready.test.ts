import { describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { openPostgres } from "./db/client.ts";
import { findPostgresBin, startThrowawayPostgres } from "#tests/server/throwaway-postgres.ts";

const bin = findPostgresBin();

describe.runIf(bin)("/api/ready on PostgreSQL", () => {
  it("fails while the database is down and recovers when it returns", async () => {
    const postgres = await startThrowawayPostgres(bin as string);
    const config = loadConfig({ LOG_LEVEL: "silent", DATABASE_URL: postgres.url });
    const database = await openPostgres({ url: postgres.url, poolSize: 2 });
    // Background jobs stay off: this test is about readiness (see the issue 12 note on restarts).
    const app = await buildApp({ config, database, logger: false, jobs: false });
    try {
      const ready = () => app.inject({ method: "GET", url: "/api/ready" });
      expect((await ready()).statusCode).toBe(200);

      postgres.stop();
      const down = await ready();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        error: { code: "not_ready", message: "The database is not reachable" },
      });
      // The process itself stays healthy.
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);

      postgres.start();
      expect((await ready()).statusCode).toBe(200);
    } finally {
      await app.close();
      postgres.destroy();
    }
  }, 60_000);
});
