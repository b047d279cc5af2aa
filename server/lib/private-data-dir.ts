import { chmod, mkdir, readdir, stat } from "node:fs/promises";
import path from "node:path";

/** Files the server writes (the database, the token secret, e-mailed links) are its alone. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Only the main thread may set the umask, so start-up calls this, not the functions below. */
export function privateUmask(): void {
  process.umask(0o077);
}

export class DataDirError extends Error {
  override name = "DataDirError";
}

/** Refused if group or others have access: it holds the database and token secret (issue 23). */
export async function preparePrivateDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const { mode } = await stat(dataDir);
  const open = mode & 0o077;
  if (open !== 0) {
    const octal = (mode & 0o777).toString(8);
    throw new DataDirError(
      `DATA_DIR ${dataDir} can be read by other users of this machine (mode ${octal}); it holds the database, the token secret and e-mailed reset links. Make it private, then start again: chmod 700 ${dataDir}`,
    );
  }
}

/** PGlite (Emscripten's file system) creates files 0666 whatever the umask. */
export async function makeFilesPrivate(folder: string): Promise<void> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile() || entry.isDirectory())
      .map((entry) =>
        chmod(
          path.join(entry.parentPath, entry.name),
          entry.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE,
        ).catch((error: unknown) => {
          // The database may remove a file of its own meanwhile.
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        }),
      ),
  );
}
