import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';

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
