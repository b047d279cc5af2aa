/**
 * `npm run check:launch`: lists every organisation detail in core/site-config.ts that is still
 * a fictitious placeholder (bank account, phone, company numbers, links not yet known…) and
 * exits 1 while any remains, 0 once all are the company's real values. Run it before launch
 * and in the release pipeline.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { placeholdersInUse, type Placeholder } from "../core/site-config.ts";

export function launchCheck(inUse: readonly Placeholder[]): { exitCode: 0 | 1; report: string } {
  if (inUse.length === 0) {
    return { exitCode: 0, report: "Ready for launch: no placeholder left in core/site-config.ts." };
  }
  const lines = inUse.map(
    (placeholder) => `  - ${placeholder.name}: ${placeholder.value} [${placeholder.key}]`,
  );
  return {
    exitCode: 1,
    report: [
      `Not ready for launch: ${inUse.length} placeholder${inUse.length === 1 ? "" : "s"} still in core/site-config.ts:`,
      ...lines,
      "Put the real value in siteConfig, then remove its key from `placeholders`.",
    ].join("\n"),
  };
}

const runDirectly =
  process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;

if (runDirectly) {
  const { exitCode, report } = launchCheck(placeholdersInUse());
  (exitCode === 0 ? console.log : console.error)(report);
  process.exitCode = exitCode;
}
