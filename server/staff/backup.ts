import { createHash, randomBytes } from "node:crypto";
import {
  link,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { z } from "zod";
import { AUTH_SECRET_FILE } from "../accounts/auth-secret.ts";
import type { Database } from "../db/client.ts";
import { makeFilesPrivate, preparePrivateDataDir } from "../lib/private-data-dir.ts";
import { packTar, readTar, TarError, type TarEntry } from "../lib/tar.ts";
import { controlSocketPath, listenForControl } from "./control-socket.ts";
import type { StaffCommandResult } from "./staff-accounts.ts";

// Pictures and eBook files are rows, so the dump holds them at the moment of the orders naming
// them; outbox .eml files are mail already sent. PostgreSQL uses its own tools (docs/deploying.md).
export const BACKUP_FORMAT = "kybernetes-backup";
const MANIFEST = "manifest.json";
const PGDATA = "pgdata.tar";

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  database: z.literal("pglite"),
  files: z.array(
    z.object({
      name: z.enum([PGDATA, AUTH_SECRET_FILE]),
      size: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export class BackupError extends Error {
  override name = "BackupError";
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `kybernetes-backup-2025-06-01T10-20-30Z.tar.gz`: sorts by time, safe in any file system. */
export function backupFileName(now = new Date()): string {
  return `kybernetes-backup-${now.toISOString().slice(0, 19).replaceAll(":", "-")}Z.tar.gz`;
}

async function readOptional(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Written beside `file`, linked into place once complete: never half written or replacing. */
export async function writeBackup({
  dump,
  dataDir,
  file,
  now = new Date(),
}: {
  dump: Blob;
  dataDir: string;
  file: string;
  now?: Date;
}): Promise<{ file: string; size: number; manifest: BackupManifest }> {
  const pgdata = new Uint8Array(await dump.arrayBuffer());
  const secret = await readOptional(path.join(dataDir, AUTH_SECRET_FILE));
  const entries: TarEntry[] = [
    { name: PGDATA, bytes: pgdata },
    ...(secret ? [{ name: AUTH_SECRET_FILE, bytes: secret }] : []),
  ];
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: 1,
    createdAt: now.toISOString(),
    database: "pglite",
    files: entries.map((entry) => ({
      name: entry.name as BackupManifest["files"][number]["name"],
      size: entry.bytes.length,
      sha256: sha256(entry.bytes),
    })),
  };
  const archive = [
    { name: MANIFEST, bytes: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
    ...entries,
  ];

  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${randomBytes(4).toString("hex")}.partial`;
  try {
    // On libuv's threads at level 1 (pictures are compressed already), in 8 MB pieces: zlib
    // hands each piece back through the event loop, and at its 16 KB default a shop taking
    // orders made a 43 MB copy wait there 2,700 times (10.6 s against 1.2 s, scripts/backup.test.ts).
    const compressed = await promisify(gzip)(await packTar(archive, now), {
      level: 1,
      chunkSize: 8 * 1024 * 1024,
    });
    // flush: on disk before it is closed, so the backup is there even if the power goes.
    await writeFile(partial, compressed, { flag: "wx", mode: 0o600, flush: true });
    // A link, unlike a rename, fails rather than replace a file that appeared meanwhile.
    await link(partial, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "EEXIST") {
        throw new BackupError(`${file} exists already; nothing was replaced.`);
      }
      throw error;
    });
  } finally {
    await unlink(partial).catch(() => {});
  }
  return { file, size: (await stat(file)).size, manifest };
}

export async function readBackup(
  file: string,
): Promise<{ manifest: BackupManifest; files: Map<string, Buffer> }> {
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") throw new BackupError(`No file ${file}.`);
    throw error;
  });
  let files: Map<string, Buffer>;
  try {
    files = await readTar(await promisify(gunzip)(bytes));
  } catch (error) {
    const why =
      error instanceof TarError
        ? error.message
        : (error as NodeJS.ErrnoException).code === "Z_BUF_ERROR"
          ? "it is cut short"
          : "it is not gzip-compressed, or damaged";
    throw new BackupError(`${file} is not a readable backup (${why}).`);
  }
  const parsed = manifestSchema.safeParse(
    (() => {
      try {
        return JSON.parse(files.get(MANIFEST)?.toString("utf8") ?? "");
      } catch {
        return undefined;
      }
    })(),
  );
  if (!parsed.success) {
    throw new BackupError(
      `${file} is not a backup made by npm run backup (its manifest is missing or unknown).`,
    );
  }
  for (const listed of parsed.data.files) {
    const content = files.get(listed.name);
    if (!content || content.length !== listed.size || sha256(content) !== listed.sha256) {
      throw new BackupError(`${file} is damaged: ${listed.name} does not match its manifest.`);
    }
  }
  if (!parsed.data.files.some((listed) => listed.name === PGDATA)) {
    throw new BackupError(`${file} holds no database.`);
  }
  return { manifest: parsed.data, files };
}

/** What a folder holds, `lost+found` aside (a freshly formatted volume has one); [] if absent. */
async function contentsOf(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).filter((name) => name !== "lost+found");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

export interface RestoreReport {
  manifest: BackupManifest;
  orders?: number;
  products?: number;
}

/** Never overwrites a shop; the copy is opened once, so damage is found now, not at start. */
export async function restoreBackup({
  file,
  dataDir,
}: {
  file: string;
  dataDir: string;
}): Promise<RestoreReport> {
  const { manifest, files } = await readBackup(file);
  const present = await contentsOf(dataDir);
  if (present.length > 0) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty (it holds ${present.slice(0, 5).join(", ")}${present.length > 5 ? ", …" : ""}). ` +
        "A restore only fills an empty folder, so that nothing is overwritten: stop the server, " +
        "move the folder aside or point DATA_DIR at a new one, and run npm run restore again.",
    );
  }
  await preparePrivateDataDir(dataDir);
  const claim = await listenForControl(controlSocketPath(dataDir), async () => ({
    ok: false,
    message: "npm run restore is filling this data folder. Please try again when it is done.",
  }));
  const work = await mkdtemp(path.join(dataDir, ".restoring-"));
  const placed: string[] = [];
  try {
    const pgdata = path.join(work, "pgdata");
    const database = new PGlite(pgdata, {
      loadDataDir: new Blob([new Uint8Array(files.get(PGDATA) ?? [])], {
        type: "application/x-tar",
      }),
    });
    const counts: Omit<RestoreReport, "manifest"> = {};
    try {
      await database.waitReady;
      const { rows } = await database.query<{ orders: number; products: number }>(
        "select (select count(*) from orders)::int as orders, (select count(*) from products)::int as products",
      );
      Object.assign(counts, rows[0]);
    } catch (error) {
      throw new BackupError(
        `The database in ${file} does not open: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      await database.close().catch(() => {});
    }
    await makeFilesPrivate(pgdata);
    const secret = files.get(AUTH_SECRET_FILE);
    if (secret) {
      await writeFile(path.join(dataDir, AUTH_SECRET_FILE), secret, { flag: "wx", mode: 0o600 });
      placed.push(AUTH_SECRET_FILE);
    }
    await rename(pgdata, path.join(dataDir, "pgdata"));
    placed.push("pgdata");
    return { manifest, ...counts };
  } catch (error) {
    // Leave the folder as it was found: empty.
    for (const name of placed) await rm(path.join(dataDir, name), { recursive: true, force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
    await claim?.close();
  }
}

export async function backUpDatabase(
  database: Pick<Database, "dumpDataDir">,
  dataDir: string,
  file: string,
): Promise<StaffCommandResult> {
  if (!database.dumpDataDir) {
    return { ok: false, message: "Only the embedded database is backed up this way." };
  }
  try {
    const written = await writeBackup({ dump: await database.dumpDataDir(), dataDir, file });
    const secret = written.manifest.files.some((listed) => listed.name === AUTH_SECRET_FILE);
    return {
      ok: true,
      message:
        `Backup written to ${written.file} (${megabytes(written.size)}): the database as of ` +
        `${written.manifest.createdAt} (orders, accounts, the catalogue with its pictures and eBook files, the audit log)` +
        (secret
          ? " and the token secret."
          : "; DATA_DIR holds no token secret (AUTH_SECRET is set?): keep AUTH_SECRET with it."),
    };
  } catch (error) {
    if (error instanceof BackupError) return { ok: false, message: error.message };
    throw error;
  }
}
