import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/**
 * SPEC §7: the glossary's CSV file is also published, byte for byte, under this name.
 * /ProductData.csv comes from the database (app/routes/product-data-csv.ts, issue 25).
 */
export const PUBLISHED_DATA = [{ source: "terminologies.csv", url: "/Terminologies.csv" }] as const;

const CHECK_SCRIPT = fileURLToPath(new URL("../scripts/check-content.ts", import.meta.url));

/**
 * Runs scripts/check-content.ts in its own process (the checks live in TypeScript modules the
 * Vite config should not load itself) and returns its error message, if any.
 */
export function checkContent(contentDir: string): string | undefined {
  const result = spawnSync(process.execPath, ["--import", "tsx", CHECK_SCRIPT, contentDir], {
    encoding: "utf8",
  });
  if (result.status === 0) return undefined;
  return (result.stderr || result.error?.message || "content check failed").trim();
}

/**
 * Validates content/ when a build starts, so a bad row stops `npm run build` with the file,
 * line and column, and publishes terminologies.csv unchanged as /Terminologies.csv: emitted into the client build, served by
 * `npm run dev`.
 */
export function contentDataPlugin({ contentDir = path.resolve("content") } = {}): Plugin {
  const fileOf = (source: string) => path.join(contentDir, source);
  let checked = false;

  return {
    name: "kybernetes-content-data",
    buildStart() {
      for (const data of PUBLISHED_DATA) this.addWatchFile(fileOf(data.source));
      // The client and server builds share one process: check once.
      if (checked) return;
      checked = true;
      const problem = checkContent(contentDir);
      if (problem) this.error(problem);
    },
    generateBundle() {
      if (this.environment.config.consumer !== "client") return;
      for (const data of PUBLISHED_DATA) {
        this.emitFile({
          type: "asset",
          fileName: data.url.slice(1),
          source: readFileSync(fileOf(data.source)),
        });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const data = PUBLISHED_DATA.find((entry) => request.url?.split("?")[0] === entry.url);
        if (!data) return next();
        response.setHeader("content-type", "text/csv; charset=utf-8");
        response.end(readFileSync(fileOf(data.source)));
      });
    },
  };
}
