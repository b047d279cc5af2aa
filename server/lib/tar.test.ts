import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { packTar, readTar, TarError } from "./tar.ts";

const folder = mkdtempSync(path.join(tmpdir(), "tar-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const archive = (entries: { name: string; bytes: Uint8Array }[]) =>
  packTar(entries, new Date("2025-06-01T00:00:00Z"));

/** An archive the system's tar makes of `names` in a fresh folder that `prepare` fills. */
function systemTar(prepare: (source: string) => void, names: string[]): Buffer {
  const source = mkdtempSync(path.join(folder, "source-"));
  prepare(source);
  const file = `${source}.tar`;
  execFileSync("tar", ["--format=ustar", "-cf", file, "-C", source, ...names]);
  return readFileSync(file);
}

describe("the backup's tar", () => {
  const entries = [
    { name: "manifest.json", bytes: Buffer.from('{"a":1}\n') },
    { name: "pgdata.tar", bytes: new Uint8Array(1536 + 7).fill(0xab) },
    { name: "empty", bytes: Buffer.alloc(0) },
  ];

  it("is read back as written", async () => {
    const files = await readTar(await archive(entries));
    expect([...files.keys()]).toEqual(["manifest.json", "pgdata.tar", "empty"]);
    for (const entry of entries) expect(files.get(entry.name)?.equals(entry.bytes)).toBe(true);
  });

  it("is a .tar.gz the system's tar lists as files only their owner reads, and unpacks", async () => {
    const file = path.join(folder, "backup.tar.gz");
    writeFileSync(file, gzipSync(await archive(entries)));
    const listing = execFileSync("tar", ["-tzvf", file], { encoding: "utf8" }).trim().split("\n");
    expect(listing).toHaveLength(3);
    expect(listing[0]).toMatch(/^-rw------- .* 8 2025-06-01 \d\d:\d\d manifest\.json$/);
    expect(listing[1]).toMatch(/^-rw------- .* 1543 2025-06-01 \d\d:\d\d pgdata\.tar$/);
    expect(listing[2]).toMatch(/^-rw------- .* 0 2025-06-01 \d\d:\d\d empty$/);
    const out = path.join(folder, "out");
    mkdirSync(out);
    execFileSync("tar", ["-xzf", file, "-C", out]);
    expect(readFileSync(path.join(out, "pgdata.tar")).equals(entries[1]!.bytes)).toBe(true);
  });

  it("reads what the system's tar writes", async () => {
    const theirs = systemTar(
      (source) => writeFileSync(path.join(source, "note.txt"), "written by tar\n"),
      ["note.txt"],
    );
    expect((await readTar(theirs)).get("note.txt")?.toString()).toBe("written by tar\n");
  });

  it("refuses links and folders", async () => {
    const link = systemTar(
      (source) => symlinkSync("/etc/passwd", path.join(source, "evil")),
      ["evil"],
    );
    await expect(readTar(link)).rejects.toThrow(new TarError("tar entry evil is not a file"));
    const hardLink = systemTar(
      (source) => {
        writeFileSync(path.join(source, "a"), "a");
        execFileSync("ln", [path.join(source, "a"), path.join(source, "b")]);
      },
      ["a", "b"],
    );
    await expect(readTar(hardLink)).rejects.toThrow("tar entry b is not a file");
    const folderEntry = systemTar((source) => mkdirSync(path.join(source, "sub")), ["sub"]);
    await expect(readTar(folderEntry)).rejects.toThrow("tar entry sub/ is not a file");
  });

  it("refuses a name twice", async () => {
    const twice = await archive([entries[0]!, { ...entries[0]!, bytes: Buffer.from("{}") }]);
    await expect(readTar(twice)).rejects.toThrow("tar entry manifest.json appears twice");
  });

  it("refuses a damaged header and an archive cut anywhere", async () => {
    const good = await archive(entries);
    const damaged = Buffer.from(good);
    damaged[10] = 0x41; // in the first entry's name, so its checksum no longer matches
    await expect(readTar(damaged)).rejects.toThrow(new TarError("a tar header is damaged"));

    // Inside the first header, inside a body, and at block ends: after a whole entry, and
    // where the end marker begins or has lost its second block.
    for (const length of [100, 512 + 512 + 700, 1024, good.length - 1024, good.length - 512]) {
      const cut = readTar(good.subarray(0, length));
      await expect(cut, `cut at ${length}`).rejects.toThrow(TarError);
      await expect(cut, `cut at ${length}`).rejects.toThrow(/cut short/);
    }
    await expect(readTar(new Uint8Array(0))).rejects.toThrow(/cut short/);
  });
});
