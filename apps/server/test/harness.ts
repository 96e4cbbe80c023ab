import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { PgliteThread } from '../src/db/pglite-thread';
import { parseConfig } from '../src/config/env';
import { createWashboard, type TWashboard } from '../src/app';
import { migrationsFolder, openDatabase } from '../src/db/database';
import { startMosquitto, type TTestMosquitto } from './mosquitto';

export type TTestServer = {
  washboard: TWashboard;
  /** Base URL of the listening server. */
  url: string;
  /** Where devices connect (the embedded broker, or the test's Mosquitto). */
  mqttUrl: string;
  /** The test's own Mosquitto, when it runs on one (`broker: 'mosquitto'`). */
  mosquitto?: TTestMosquitto;
  /** fetch against the server with `X-Brand` set (override it in `init.headers`). */
  api(path: string, init?: RequestInit & { brand?: string | null }): Promise<Response>;
  close(): Promise<void>;
};

/**
 * How long a test may take to start a server with DEMO=1: it seeds a month of history for twelve
 * machines through the gateway (docs/benchmarks.md), and with two workers two such starts can
 * overlap on the machine's two cores.
 */
export const DEMO_START_MS = 180_000;

/**
 * For a demo start whose test does not read the seeded history: one day of it instead of a month
 * (DEMO_HISTORY_DAYS), which is most of a demo start's time.
 */
export const SHORT_HISTORY = { DEMO_HISTORY_DAYS: '1' } as const;

/** How often a test server's close that has not finished says where it is. */
const CLOSE_WATCH_MS = 15_000;

/**
 * A fresh database for one test server: an in-memory PGlite, or — when the project runs with
 * TEST_DB=postgres — a new database on TEST_DATABASE_URL, dropped afterwards. Both start already
 * migrated, from a copy made once per set of migrations (`pgliteImage`, a template database): the
 * same tables as a new start makes, without running twenty-odd migrations per server.
 */
export async function freshDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ env: Record<string, string>; pgliteImage?: Uint8Array; drop(): Promise<void> }> {
  // `migrated: false`: an empty database, for a test that migrates it step by step itself.
  const migrated = options.migrated ?? true;
  if (process.env.TEST_DB !== 'postgres') {
    return {
      env: { DATA_DIR: 'memory://' },
      pgliteImage: migrated ? await migratedPgliteImage() : undefined,
      drop: async () => {},
    };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const scratch = await scratchPostgres(base, 'wb_test', migrated ? await migratedTemplate(base) : undefined);
  return { env: { DATABASE_URL: scratch.url, DATA_DIR: 'memory://' }, drop: scratch.drop };
}

/** A digest of the committed migrations (and the PGlite release): what a migrated copy was made from. */
export async function migrationsDigest(): Promise<string> {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  const files = (await readdir(folder, { recursive: true })).filter((f) => /\.(sql|json)$/.test(f)).sort();
  for (const file of files) hash.update(file).update(await readFile(path.join(folder, file)));
  // A PGlite release may change the data directory's format: its own files are part of the digest.
  hash.update(await readFile(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))));
  return hash.digest('hex').slice(0, 16);
}

let pgliteImage: Promise<Uint8Array> | undefined;

/**
 * The data directory of a migrated in-memory PGlite, made once per set of migrations and kept in
 * the temporary directory for the other test workers (written under a temporary name, then renamed).
 * Held in a SharedArrayBuffer: every database thread of the process reads the same bytes.
 */
function migratedPgliteImage(): Promise<Uint8Array> {
  pgliteImage ??= (async () => {
    const file = path.join(tmpdir(), `washboard-pglite-${await migrationsDigest()}.tar`);
    const kept = await readFile(file).catch(() => undefined);
    if (kept) return shared(kept);
    const database = await openDatabase({ dataDir: 'memory://' });
    const client = (database.db as unknown as { $client: PgliteThread }).$client;
    const image = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
    await database.close();
    const partial = `${file}.${process.pid}`;
    await writeFile(partial, image);
    await rename(partial, file);
    return shared(image);
  })();
  return pgliteImage;
}

function shared(bytes: Uint8Array): Uint8Array {
  const copy = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  copy.set(bytes);
  return copy;
}

/**
 * A migrated database on the server of `base` to copy new ones from (CREATE DATABASE … TEMPLATE),
 * named by the migrations' digest; the first worker to need it makes it, under an advisory lock.
 */
async function migratedTemplate(base: string): Promise<string> {
  const name = `wb_template_${await migrationsDigest()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      const building = `${name}_${randomBytes(3).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(base);
      url.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
      await database.close();
      // Renamed once whole: a run stopped half-way never leaves a template without its migrations.
      await whileInUse(() => admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`));
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
    await admin.end();
  }
  return name;
}

/**
 * Runs `statement` again while PostgreSQL answers 55006 (the database still has a session: the pool
 * that migrated it has ended, but its server processes take a moment to go), for up to 5 s.
 */
async function whileInUse(statement: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await statement();
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * A new database on the PostgreSQL server of `base` — empty, or a copy of `template` — dropped by
 * `drop()` (tests, benchmarks).
 */
export async function scratchPostgres(
  base: string,
  prefix = 'wb_test',
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await whileInUse(() => admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * The configuration of a test server: free ports on loopback, no logs, no web app, raised rate
 * limits, short waits and no demo; `env` adds or overrides.
 */
export function testConfig(env: Record<string, string>) {
  return parseConfig({
    PORT: '0',
    MQTT_PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '100',
    SIGN_IN_DELAY_MS: '20',
    WEB_DIST: '/nonexistent',
    COMMAND_TIMEOUT_SECONDS: '3',
    DEMO: '0',
    ...env,
  });
}

/** Starts the real server on free ports with a fresh database and the embedded broker. */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { listen?: boolean; broker?: 'embedded' | 'mosquitto' | 'mosquitto-plugin' } = {},
): Promise<TTestServer> {
  const database = await freshDatabase();
  // `mosquitto-plugin`: devices authenticated by deploy/mosquitto/washboard-auth against the
  // server's PostgreSQL database, not by one dynamic-security identity each.
  const deviceDatabase = options.broker === 'mosquitto-plugin' ? database.env.DATABASE_URL : undefined;
  if (options.broker === 'mosquitto-plugin' && !deviceDatabase)
    throw new Error('the Mosquitto device plugin needs TEST_DB=postgres');
  // Bounded like the embedded broker's default MQTT_MAX_MESSAGE_BYTES (docs/configuration.md).
  const mosquitto =
    options.broker === 'mosquitto' || deviceDatabase
      ? await startMosquitto({ config: ['max_packet_size 262144'], deviceDatabase })
      : undefined;
  const config = testConfig({ ...database.env, ...(mosquitto ? { MQTT_URL: mosquitto.serverUrl } : {}), ...env });
  const washboard = await createWashboard(config, { pgliteImage: database.pgliteImage });
  const port = options.listen === false ? 0 : await washboard.listen();
  const server = testServerOf(
    washboard,
    port,
    mosquitto?.deviceUrl ?? `mqtt://127.0.0.1:${washboard.broker.port ?? 0}`,
    async () => {
      let phase = 'server';
      // A close that hangs fails the hook with a bare timeout: say where it hangs, on stderr.
      const watchdog = setInterval(() => {
        const step = phase === 'server' ? ` (${washboard.shutdownStep ?? 'not started'})` : '';
        process.stderr.write(`test server still closing after ${CLOSE_WATCH_MS / 1000} s: ${phase}${step}\n`);
      }, CLOSE_WATCH_MS);
      try {
        await washboard.close();
        if (washboard.forcedRequests.length > 0) {
          process.stderr.write(`test server closed requests still in flight: ${washboard.forcedRequests.join(', ')}\n`);
        }
        phase = 'mosquitto';
        await mosquitto?.stop();
        phase = 'database drop';
        await database.drop();
      } finally {
        clearInterval(watchdog);
      }
    },
  );
  return mosquitto ? { ...server, mosquitto } : server;
}

/** A started server as the tests use it: its URL, where devices connect, and `api` with `X-Brand` set. */
export function testServerOf(
  washboard: TWashboard,
  port: number,
  mqttUrl: string,
  close: () => Promise<void> = () => washboard.close(),
): TTestServer {
  const url = `http://127.0.0.1:${port}`;
  return {
    washboard,
    url,
    mqttUrl,
    api(path, init = {}) {
      const { brand = 'LUMINA', ...rest } = init;
      const headers = new Headers(rest.headers);
      if (brand !== null && !headers.has('x-brand')) headers.set('x-brand', brand);
      return fetch(`${url}${path}`, { ...rest, headers });
    },
    close,
  };
}

/** The broker of this test run: Mosquitto (with dynamic security) next to PostgreSQL in CI, else aedes. */
export function testBroker(): 'embedded' | 'mosquitto' {
  if (process.env.TEST_BROKER === 'embedded') return 'embedded';
  return process.env.TEST_DB === 'postgres' ? 'mosquitto' : 'embedded';
}
