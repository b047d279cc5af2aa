import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { PRODUCT_FILE_FORMATS, productFileFormatOf } from "#core/catalog/product-files.ts";
import type { NewProductFile } from "./product-file-store.ts";

export const SAMPLES_DIR = "samples";

export type SampleFiles = ReadonlyMap<string, readonly Omit<NewProductFile, "fileName">[]>;

const EXTENSION = new RegExp(`^(.+)\\.(${PRODUCT_FILE_FORMATS.join("|")})$`);

/** Checked by bytes as an upload is: a file that is not what its name says stops the start. */
export async function loadSampleFiles(contentDir: string): Promise<SampleFiles> {
  const folder = path.join(contentDir, SAMPLES_DIR);
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const samples = new Map<string, Omit<NewProductFile, "fileName">[]>();
  for (const name of names.sort()) {
    const match = EXTENSION.exec(name);
    if (!match) continue;
    const [, work = "", extension] = match;
    const bytes = await readFile(path.join(folder, name));
    const format = productFileFormatOf(bytes);
    if (format !== extension) {
      throw new Error(`${path.join(folder, name)} is not a valid ${extension?.toUpperCase()} file`);
    }
    samples.set(work, [...(samples.get(work) ?? []), { format, bytes, isSample: true }]);
  }
  return samples;
}
