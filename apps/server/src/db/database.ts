import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as schema from './schema/index';
import { PgliteThread } from './pglite-thread';

export type TSchema = typeof schema;
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;

/** Plain SQL for the hot paths (ingestion): one statement with array parameters, no ORM layer. */
export type TSqlRunner = {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
  /**
   * `COPY <table> (<columns>) FROM STDIN` with `data` in COPY's text format (tab-separated, `\\N`
   * for null, one row per line): the fastest way to load many rows. Chunks are sent as they are
   * made, so the database parses one while the next is being written.
   */
  copyFrom(statement: string, data: string | Iterable<string | Buffer<ArrayBuffer>>): Promise<void>;
};

export type TDatabase = {
  db: TDb;
  /** Runs `work` in one transaction on one connection. */
  transaction<T>(work: (sql: TSqlRunner) => Promise<T>): Promise<T>;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for logs (never with credentials). */
  location: string;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

/** The committed migrations: beside the bundle when built, else from the server package root. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  const bundled = path.join(dir, 'migrations');
  if (existsSync(path.join(bundled, 'meta', '_journal.json'))) return bundled;
  for (;;) {
    const candidate = path.join(dir, 'src', 'db', 'migrations');
    if (existsSync(path.join(dir, 'package.json')) && existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the database migrations folder (src/db/migrations)');
    dir = parent;
  }
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/**
 * PGlite's page cache. Its default of 128 MB is most of an idle server's memory (docs/benchmarks.md,
 * "Fleet"); 32 MB kept about 108 MB of it off and still holds the hot pages of a 10,000-machine
 * fleet's live state (the data files also sit in the operating system's cache).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * Opens PostgreSQL at `databaseUrl`, or the embedded PGlite in `dataDir` (`memory://` keeps it in
 * memory), and applies the committed migrations.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /**
   * An in-memory PGlite starts from this image of a data directory (`dumpDataDir`) instead of an
   * empty one; the migrations it already holds are not run again (tests start many databases). Its
   * bytes are only read: backed by a SharedArrayBuffer, every database of the process shares them.
   */
  pgliteImage?: Uint8Array;
}): Promise<TDatabase> {
  const folder = migrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ended (restart, failover) must not crash the process: the pool
    // drops it and connects anew on the next query, and /readyz reports the outage meanwhile.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: folder });
    return {
      db,
      async transaction(work) {
        const client = await pool.connect();
        // Statements sent without waiting for the one before (the gateway's batches) go to the
        // connection one after another, in the order sent: pg 8 queues them itself, but warns that
        // pg 9 will not.
        let last: Promise<unknown> = Promise.resolve();
        const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
          const next = last.then(run, run);
          last = next.catch(() => {});
          return next;
        };
        try {
          await client.query('BEGIN');
          const result = await work({
            query: (text, params) => inTurn(() => client.query(text, params)) as never,
            copyFrom: (statement, data) =>
              inTurn(() => pipeline(Readable.from(typeof data === 'string' ? [data] : data), client.query(copyFrom(statement)))),
          });
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      },
      kind: 'postgres',
      location: redact(options.databaseUrl),
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  const inMemory = options.dataDir.startsWith('memory://');
  const dir = inMemory ? options.dataDir : path.join(options.dataDir, 'pglite');
  if (!inMemory) await mkdir(dir, { recursive: true });
  // PGlite runs on a thread of its own: its statements no longer stop the server's thread.
  const client = await PgliteThread.start(dir, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    image: inMemory ? options.pgliteImage : undefined,
  });
  // drizzle's PGlite driver uses only what PgliteThread offers of PGlite's interface.
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  await migratePglite(db, { migrationsFolder: folder });
  return {
    db,
    transaction: (work) =>
      client.transaction((tx) =>
        work({
          // Statements with parameters are the ones sent again and again (the gateway's batches):
          // named, they are parsed and planned once (docs/benchmarks.md, "Named statements on PGlite").
          query: (text, params) => (params && params.length > 0 ? tx.named(text, params) : tx.query(text, params)) as never,
          // PGlite has no client stream: COPY reads the blob given with the query as '/dev/blob'.
          copyFrom: async (statement, data) => {
            await tx.query(statement.replace(/\bFROM STDIN\b/i, "FROM '/dev/blob'"), [], {
              blob: new Blob(typeof data === 'string' ? [data] : [...data]),
            });
          },
        }),
      ),
    kind: 'pglite',
    location: dir,
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function ping(db: TDb): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
