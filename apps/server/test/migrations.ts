import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder, type TDb } from '../src/db/database';
import { freshDatabase } from './harness';

/**
 * A database migrated step by step, for a test of what a migration does to data stored before it:
 * an empty database of the engine under test (`freshDatabase({ migrated: false })`, dropped on
 * `close`), or `url` when given (one the caller made so). `before` migrates it up to, not
 * including, the first migration whose name ends with `tag`; `rest` applies the others.
 */
export async function migratingDatabase(
  tag: string,
  given?: { url: string | undefined },
): Promise<{ db: TDb; before(): Promise<void>; rest(): Promise<void>; close(): Promise<void> }> {
  const fresh = given ? undefined : await freshDatabase({ migrated: false });
  const url = given ? given.url : fresh?.env.DATABASE_URL;
  const folder = migrationsFolder();
  const earlier = await mkdtemp(path.join(tmpdir(), 'wb-migrations-'));
  await cp(folder, earlier, { recursive: true });
  const journal = JSON.parse(await readFile(path.join(earlier, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const upTo = journal.entries.findIndex((e) => e.tag.endsWith(tag));
  if (upTo <= 0) throw new Error(`no migration named …${tag} after the first`);
  journal.entries = journal.entries.slice(0, upTo);
  await writeFile(path.join(earlier, 'meta', '_journal.json'), JSON.stringify(journal));

  const pool = url ? new pg.Pool({ connectionString: url }) : undefined;
  const lite = pool ? undefined : await PGlite.create('memory://');
  const db = (pool ? drizzlePg(pool) : drizzlePglite(lite as PGlite)) as unknown as TDb;
  const migrate = (migrationsFolder: string) =>
    pool ? migratePg(drizzlePg(pool), { migrationsFolder }) : migratePglite(drizzlePglite(lite as PGlite), { migrationsFolder });
  return {
    db,
    before: () => migrate(earlier),
    rest: () => migrate(folder),
    async close() {
      await pool?.end();
      await lite?.close();
      await rm(earlier, { recursive: true, force: true });
      await fresh?.drop();
    },
  };
}
