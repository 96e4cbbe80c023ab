import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { parseConfig } from '../src/config/env';
import { createWashboard, type TWashboard } from '../src/app';
import { startMosquitto } from './mosquitto';

export type TTestServer = {
  washboard: TWashboard;
  /** Base URL of the listening server. */
  url: string;
  /** Where devices connect (the embedded broker, or the test's Mosquitto). */
  mqttUrl: string;
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
 * A fresh database for one test file: an in-memory PGlite, or — when the project runs with
 * TEST_DB=postgres — a new database on TEST_DATABASE_URL, dropped afterwards.
 */
export async function freshDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') return { env: { DATA_DIR: 'memory://' }, drop: async () => {} };
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const scratch = await scratchPostgres(base);
  return { env: { DATABASE_URL: scratch.url, DATA_DIR: 'memory://' }, drop: scratch.drop };
}

/** A new, empty database on the PostgreSQL server of `base`, dropped by `drop()` (tests, benchmarks). */
export async function scratchPostgres(base: string, prefix = 'wb_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
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
  options: { listen?: boolean; broker?: 'embedded' | 'mosquitto' } = {},
): Promise<TTestServer> {
  const database = await freshDatabase();
  // Bounded like the embedded broker's default MQTT_MAX_MESSAGE_BYTES (docs/configuration.md).
  const mosquitto = options.broker === 'mosquitto' ? await startMosquitto({ config: ['max_packet_size 262144'] }) : undefined;
  const config = testConfig({ ...database.env, ...(mosquitto ? { MQTT_URL: mosquitto.serverUrl } : {}), ...env });
  const washboard = await createWashboard(config);
  const port = options.listen === false ? 0 : await washboard.listen();
  return testServerOf(washboard, port, mosquitto?.deviceUrl ?? `mqtt://127.0.0.1:${washboard.broker.port ?? 0}`, async () => {
    let phase = 'server';
    // A close that hangs fails the hook with a bare timeout: say where it hangs, on stderr.
    const watchdog = setInterval(() => {
      const step = phase === 'server' ? ` (${washboard.shutdownStep ?? 'not started'})` : '';
      process.stderr.write(`test server still closing after ${CLOSE_WATCH_MS / 1000} s: ${phase}${step}\n`);
    }, CLOSE_WATCH_MS);
    try {
      await washboard.close();
      phase = 'mosquitto';
      await mosquitto?.stop();
      phase = 'database drop';
      await database.drop();
    } finally {
      clearInterval(watchdog);
    }
  });
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
