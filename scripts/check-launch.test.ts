import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { placeholdersInUse } from "../core/site-config.ts";
import { addProductFile } from "../server/catalog/product-file-editing.ts";
import { productsWithSampleFiles } from "../server/catalog/product-file-store.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { loadConfig } from "../server/config.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";
import { launchCheck, seededSamples } from "./check-launch.ts";

const run = promisify(execFile);
/** Links that point at the public site, as SITE_URL set makes them. */
const PUBLIC = { SITE_URL: "https://shop.example", siteUrl: "https://shop.example" };

describe("npm run check:launch", () => {
  it("lists every placeholder still in use and fails", () => {
    const { exitCode, report } = launchCheck(
      placeholdersInUse(["bank", "links.codeHosting"]),
      [],
      PUBLIC,
    );
    expect(exitCode).toBe(1);
    expect(report).toContain("2 placeholders");
    expect(report).toContain("Bank account for transfers: BSB 000-000, account 0000 0000 [bank]");
    expect(report).toContain(
      "Code-hosting profile: https://github.com/kybernetes-au [links.codeHosting]",
    );
  });

  it("passes once none is left", () => {
    expect(launchCheck([], [], PUBLIC)).toEqual({
      exitCode: 0,
      report:
        "Ready for launch: no placeholder left in core/site-config.ts, no eBook delivered as a sample, and SITE_URL is set.",
    });
  });

  it("lists an unset SITE_URL, naming where links point meanwhile, and fails", () => {
    const { exitCode, report } = launchCheck([], [], loadConfig({ PORT: "8080" }));
    expect(exitCode).toBe(1);
    expect(report).toContain(
      "SITE_URL is not set: links in e-mails (verify, reset, order, download), MCP answers and checkout links point at http://localhost:8080",
    );
    expect(report).not.toContain("placeholder");
  });

  it("lists each eBook still delivered as the shop's sample chapter, and fails", () => {
    const { exitCode, report } = launchCheck(
      [],
      [{ id: 8, name: "Salt Water Circuit", type: "eBook", formats: ["epub", "pdf"] }],
      PUBLIC,
    );
    expect(exitCode).toBe(1);
    expect(report).toContain("1 eBook is still delivered as the shop's sample chapter:");
    expect(report).toContain("Salt Water Circuit (eBook, product 8): sample EPUB and PDF");
    expect(report).not.toContain("placeholder");
  });

  it("knows the eBooks a first start seeds with samples, and those the database still has", async () => {
    expect(await seededSamples("content")).toEqual([
      expect.objectContaining({ id: 2, type: "eBook", formats: ["epub", "pdf"] }),
      expect.objectContaining({ id: 4, type: "eBook", formats: ["epub", "pdf"] }),
      expect.objectContaining({ id: 8, name: "Salt Water Circuit", formats: ["epub", "pdf"] }),
    ]);

    const database = await createTestDatabase("pglite");
    const app = await createTestApp({ database });
    try {
      // The test catalogue's eBook (id 2) is Salt Water Circuit: seeded with its samples.
      expect(await productsWithSampleFiles(database.db)).toEqual([
        { id: 2, name: "Salt Water Circuit", type: "eBook", formats: ["epub", "pdf"] },
      ]);
      const actor = { id: null, name: "test", address: "127.0.0.1" };
      const pdf = await readFile("content/samples/salt-water-circuit.pdf");
      await addProductFile(
        database.db,
        2,
        { format: "pdf", fileName: "real.pdf", bytes: pdf, isSample: false },
        actor,
      );
      expect(await productsWithSampleFiles(database.db)).toEqual([
        { id: 2, name: "Salt Water Circuit", type: "eBook", formats: ["epub"] },
      ]);
    } finally {
      await app.close();
    }
  });

  it("exits 1 on the shipped config, naming each placeholder and each seeded sample", async () => {
    // A data folder with no database yet: judged by what its first start seeds.
    const env = {
      ...process.env,
      DATA_DIR: "var/check-launch-test-empty",
      DATABASE_URL: "",
      SITE_URL: "",
      PORT: "4123",
    };
    const failed = await run(process.execPath, ["--import", "tsx", "scripts/check-launch.ts"], {
      env,
    }).then(
      () => undefined,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failed?.code).toBe(1);
    for (const placeholder of placeholdersInUse()) {
      expect(failed?.stderr).toContain(`${placeholder.name}: ${placeholder.value}`);
    }
    expect(failed?.stderr).toContain("Salt Water Circuit (eBook, product 8): sample EPUB and PDF");
    expect(failed?.stderr).toContain("SITE_URL is not set");
    expect(failed?.stderr).toContain("point at http://localhost:4123");
  });
});
