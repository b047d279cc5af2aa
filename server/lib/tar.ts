// The reader takes regular files only and never writes an archive's path anywhere.
import { extract, pack } from "tar-stream";

export interface TarEntry {
  name: string;
  bytes: Uint8Array;
}

export class TarError extends Error {
  override name = "TarError";
}

const BLOCK = 512;

export async function packTar(entries: readonly TarEntry[], mtime = new Date()): Promise<Buffer> {
  const archive = pack();
  for (const { name, bytes } of entries) {
    archive.entry({ name, type: "file", mode: 0o600, mtime }, bytes);
  }
  archive.finalize();
  const chunks: Uint8Array[] = [];
  for await (const chunk of archive) chunks.push(chunk as Uint8Array);
  return Buffer.concat(chunks);
}

export async function readTar(archive: Uint8Array): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const reader = extract();
  let end = 0;
  try {
    reader.end(archive);
    for await (const entry of reader) {
      const { name, type, size } = entry.header;
      // Links, folders and devices have no place in a backup.
      if (type !== "file") throw new TarError(`tar entry ${name} is not a file`);
      if (files.has(name)) throw new TarError(`tar entry ${name} appears twice`);
      const chunks: Uint8Array[] = [];
      for await (const chunk of entry) chunks.push(chunk as Uint8Array);
      files.set(name, Buffer.concat(chunks));
      end = entry.offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    }
  } catch (error) {
    if (error instanceof TarError) throw error;
    // tar-stream's words (pinned version, tested): a body or header cut off, or a bad header.
    const cut = error instanceof Error && error.message === "Unexpected end of data";
    throw new TarError(cut ? "the tar archive is cut short" : "a tar header is damaged", {
      cause: error,
    });
  }
  // tar-stream accepts an archive cut after an entry; the end marker says nothing was lost.
  const marker = archive.subarray(end, end + 2 * BLOCK);
  if (marker.length < 2 * BLOCK || marker.some((byte) => byte !== 0)) {
    throw new TarError("the tar archive is cut short (no end marker)");
  }
  return files;
}
