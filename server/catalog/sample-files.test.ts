import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadSampleFiles } from "./sample-files.ts";

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true })));
});

async function contentWith(files: Record<string, Buffer | string>) {
  const content = await mkdtemp(path.join(tmpdir(), "samples-"));
  folders.push(content);
  await mkdir(path.join(content, "samples"));
  for (const [name, bytes] of Object.entries(files)) {
    await writeFile(path.join(content, "samples", name), bytes);
  }
  return content;
}

describe("loadSampleFiles", () => {
  it("reads each work's EPUB and PDF, marked as samples, and skips their texts", async () => {
    const samples = await loadSampleFiles("content");
    const files = samples.get("salt-water-circuit") ?? [];
    expect(files.map((file) => [file.format, file.isSample])).toEqual([
      ["epub", true],
      ["pdf", true],
    ]);
    const pdf = await readFile("content/samples/salt-water-circuit.pdf");
    expect(files[1]?.bytes.equals(pdf)).toBe(true);
  });

  it("stops the start at a file that is not what its name says, naming it", async () => {
    const content = await contentWith({ "book.pdf": "not a PDF" });
    await expect(loadSampleFiles(content)).rejects.toThrow(/book\.pdf is not a valid PDF file/);
  });

  it("has none when the content has no samples folder", async () => {
    const content = await mkdtemp(path.join(tmpdir(), "samples-"));
    folders.push(content);
    expect((await loadSampleFiles(content)).size).toBe(0);
  });
});
