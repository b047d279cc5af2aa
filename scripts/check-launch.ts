/**
 * `npm run check:launch`: lists every organisation detail in core/site-config.ts that is still
 * a fictitious placeholder (bank account, phone, company numbers, links not yet known…), every
 * eBook whose files are still the shop's sample chapter, and an unset SITE_URL (e-mailed links
 * would point at the server's own machine), and exits 1 while any remains, 0 once all are real.
 * Run it before launch and in the release pipeline, with the server's environment (SITE_URL,
 * DATABASE_URL or DATA_DIR): a running server on the embedded database answers through its
 * control socket; a data folder with no database yet is judged by what its first start seeds.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { userInfo } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseProductsCsv } from "../core/catalog/parse-products.ts";
import { isDigitalType, PRODUCT_FILE_LABELS } from "../core/catalog/product-files.ts";
import { workOf } from "../core/catalog/slug.ts";
import { placeholdersInUse, type Placeholder } from "../core/site-config.ts";
import { controlSocketPath, sendControlCommand } from "../server/staff/control-socket.ts";
import {
  productsWithSampleFiles,
  type SampleFileProduct,
} from "../server/catalog/product-file-store.ts";
import { loadSampleFiles } from "../server/catalog/sample-files.ts";
import { loadConfig, type Config } from "../server/config.ts";
import { openDatabase } from "../server/start.ts";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function launchCheck(
  inUse: readonly Placeholder[],
  samples: readonly SampleFileProduct[],
  /** Where links point: SITE_URL, or the local address the server falls back to without it. */
  links: Pick<Config, "SITE_URL" | "siteUrl">,
): { exitCode: 0 | 1; report: string } {
  if (inUse.length === 0 && samples.length === 0 && links.SITE_URL) {
    return {
      exitCode: 0,
      report:
        "Ready for launch: no placeholder left in core/site-config.ts, no eBook delivered as a sample, and SITE_URL is set.",
    };
  }
  const report = ["Not ready for launch."];
  if (!links.SITE_URL) {
    report.push(
      `SITE_URL is not set: links in e-mails (verify, reset, order, download), MCP answers and checkout links point at ${links.siteUrl}, the server's own machine.`,
      "Set SITE_URL to the shop's public address (https://…) where the server runs.",
    );
  }
  if (inUse.length > 0) {
    report.push(
      `${plural(inUse.length, "placeholder", "placeholders")} still in core/site-config.ts:`,
      ...inUse.map(
        (placeholder) => `  - ${placeholder.name}: ${placeholder.value} [${placeholder.key}]`,
      ),
      "Put the real value in siteConfig, then remove its key from `placeholders`.",
    );
  }
  if (samples.length > 0) {
    report.push(
      `${plural(samples.length, "eBook is", "eBooks are")} still delivered as the shop's sample chapter:`,
      ...samples.map(
        (product) =>
          `  - ${product.name} (${product.type}, product ${product.id}): sample ${product.formats.map((format) => PRODUCT_FILE_LABELS[format]).join(" and ")}`,
      ),
      "Upload the real EPUB and PDF on each product's page in the back office (Files).",
    );
  }
  return { exitCode: 1, report: report.join("\n") };
}

/**
 * What a first start seeds: each eBook of content/products.csv whose work has sample files.
 * Ids are the file's, as the seed keeps them.
 */
export async function seededSamples(contentDir: string): Promise<SampleFileProduct[]> {
  const csv = await readFile(path.join(contentDir, "products.csv"), "utf8");
  const samples = await loadSampleFiles(contentDir);
  return parseProductsCsv(csv).flatMap((product) => {
    const files = samples.get(workOf(product));
    if (!isDigitalType(product.type) || !files) return [];
    const formats = files.map((file) => file.format).sort();
    return [{ id: product.id, name: product.name, type: product.type, formats }];
  });
}

async function samplesInUse(config: Config): Promise<SampleFileProduct[]> {
  if (!config.DATABASE_URL) {
    const answer = await sendControlCommand(controlSocketPath(config.dataDir), {
      command: "sample-files",
      by: userInfo().username,
    });
    if (answer) return answer.samples ?? [];
    if (!existsSync(path.join(config.dataDir, "pgdata", "PG_VERSION"))) {
      return seededSamples(config.contentDir);
    }
  }
  const database = await openDatabase(config);
  try {
    return await productsWithSampleFiles(database.db);
  } finally {
    await database.close();
  }
}

const runDirectly =
  process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;

if (runDirectly) {
  const config = loadConfig();
  const { exitCode, report } = launchCheck(placeholdersInUse(), await samplesInUse(config), config);
  (exitCode === 0 ? console.log : console.error)(report);
  process.exitCode = exitCode;
}
