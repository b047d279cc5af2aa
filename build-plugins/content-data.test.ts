import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkContent } from "./content-data.ts";

let dir: string | undefined;

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the build's content check", () => {
  it("passes the committed content", () => {
    expect(checkContent(path.resolve("content"))).toBeUndefined();
  });

  it("stops the build on a bad glossary row, naming the file, line and column", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "content-"));
    await cp(path.resolve("content"), dir, { recursive: true });
    const file = path.join(dir, "terminologies.csv");
    const lines = (await readFile(file, "utf8")).split("\n");
    lines[2] = `AB,${lines[2]?.slice(2)}`;
    await writeFile(file, lines.join("\n"));
    expect(checkContent(dir)).toMatch(
      /terminologies\.csv line 3, column "Letter": expected a single letter A–Z \(found "AB"\)/,
    );
  });
});
