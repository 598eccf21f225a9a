// One process at a time in an embedded PGlite data directory (docs/decisions/
// 048-backups-and-the-read-replica.md): PGlite has no server to share, so a second process that
// opened the same directory (a backup, a restore, `db:migrate`, a second `npm start`) would write
// over the first one's files. Whoever opens the directory writes its process id into a lock file
// there, and removes it on close; a lock whose process no longer runs (killed) is taken over.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export const DATA_DIR_LOCK_FILE = "studyatlas.pid";

export class DataDirInUseError extends Error {
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(
      `The PGlite data directory ${dataDir} is in use by process ${pid} (the app, or another command): stop it first`,
    );
    this.name = "DataDirInUseError";
    this.pid = pid;
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The process holding `dataDir`, if another live one does. */
export function dataDirHolder(dataDir: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(dataDir, DATA_DIR_LOCK_FILE), "utf8");
  } catch {
    return undefined;
  }
  const pid = Number(text.trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  return processIsAlive(pid) ? pid : undefined;
}

/**
 * Takes the directory for this process (the directory must exist); throws DataDirInUseError when
 * another live process holds it. The returned function gives it back.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, DATA_DIR_LOCK_FILE);
  try {
    // Created only if absent, so two processes starting at once cannot both take it.
    writeFileSync(file, `${process.pid}\n`, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const holder = dataDirHolder(dataDir);
    if (holder !== undefined) throw new DataDirInUseError(dataDir, holder);
    // Left by a process that ended without closing (or by this one): taken over.
    writeFileSync(file, `${process.pid}\n`);
  }
  return () => {
    try {
      // Ours, or one a loaded backup brought along (its process has ended): removed.
      const pid = Number(readFileSync(file, "utf8").trim());
      if (pid === process.pid || !(Number.isInteger(pid) && pid > 0 && processIsAlive(pid))) {
        rmSync(file, { force: true });
      }
    } catch {
      // Already gone (the directory was moved or removed): nothing to give back.
    }
  };
}
