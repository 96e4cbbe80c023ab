import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StartupError } from '../startup-error';

/**
 * The directory a start would create for `dataDir`: its topmost ancestor (itself included) that does
 * not exist yet, since the database creates the missing parents too. Undefined when `dataDir` exists
 * (it may hold data, so a failed start never removes it) or lives in memory.
 */
export function dataDirToCreate(dataDir: string): string | undefined {
  if (dataDir.startsWith('memory://')) return undefined;
  let missing: string | undefined;
  for (let dir = path.resolve(dataDir); !existsSync(dir); dir = path.dirname(dir)) {
    missing = dir;
    if (path.dirname(dir) === dir) break;
  }
  return missing;
}

/**
 * Removes what a failed start created: a new database is some 40 MB, and whatever the failed start
 * wrote into it (an administrator, a signing key) would be what the next start finds, instead of a
 * fresh start.
 */
export async function removeDataDir(created: string | undefined): Promise<void> {
  if (created) await rm(created, { recursive: true, force: true });
}

/** The file that says which process runs the embedded database of a data directory. */
export const DATA_DIR_LOCK = 'washboard.lock';

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims `dataDir` for this process's embedded database, or throws a StartupError naming the process
 * that holds it. PGlite takes no lock of its own: two servers on one directory (a second `npm start`
 * that moved to free ports) would write the same files and corrupt them. A lock left by a process
 * that died (kill -9) is taken over. Answers the release, which removes the lock file.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, DATA_DIR_LOCK);
  for (;;) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && running(holder)) {
      throw new StartupError(
        `DATA_DIR ${dataDir} is in use by another Washboard (process ${holder}). Stop that one, or set DATA_DIR ` +
          `to another directory. If no Washboard runs, delete ${file}.`,
      );
    }
    // Left by a process that is gone (or by this one, in a test that reopens a directory): stale.
    await rm(file, { force: true });
  }
}
