import { passwordGrantFields } from '@washboard/contracts';
import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { parseConfig } from '../apps/server/src/config/env';
import { createWashboard, type TWashboard } from '../apps/server/src/app';
import { freePort } from '../e2e/fixtures/ports';
import { scratchPostgres } from '../apps/server/test/harness';
import { dynsecControl, startMosquitto } from '../apps/server/test/mosquitto';

const DEVICES = 50;
const RUN_SECONDS = 10;
/** Unacknowledged QoS 1 messages per publishing connection (what a real device keeps in flight). */
const WINDOW = 20;
const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/**
 * Mosquitto for the server's ingest sessions: the defaults (20 unacknowledged messages per client,
 * 1,000 queued) throttle and then drop what the server's subscriptions receive (docs/benchmarks.md).
 */
export const MOSQUITTO_LIMITS = ['max_inflight_messages 1000', 'max_queued_messages 100000'];

type TRun = { perSecond: number; p99: number; p50: number };

/**
 * Publishes QoS 1 messages from `DEVICES` connections for `RUN_SECONDS`; answers the delivered (or
 * committed) rate and the p99 latency from publish to `done(id)`.
 */
async function drive(
  url: string,
  clientFor: (i: number) => { clientId: string; username?: string; password?: string },
  topicFor: (clientId: string) => string,
  payloadFor: (clientId: string, seq: number) => string,
  track: Map<string, number>,
  rate?: number,
): Promise<{ published: number; elapsed: number }> {
  const clients: MqttClient[] = [];
  for (let i = 0; i < DEVICES; i += 1) {
    clients.push(await mqtt.connectAsync(url, { ...clientFor(i), protocolVersion: 4, reconnectPeriod: 0, clean: true }));
  }
  let published = 0;
  const started = performance.now();
  const deadline = started + RUN_SECONDS * 1000;
  await Promise.all(
    clients.map(async (client) => {
      const id = client.options.clientId ?? '';
      let seq = 0;
      const interval = rate ? (1000 * DEVICES * WINDOW) / rate : 0;
      const lane = async () => {
        let next = performance.now();
        while (performance.now() < deadline) {
          if (interval) {
            next += interval;
            const wait = next - performance.now();
            if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          }
          seq += 1;
          const key = `${id}/${seq}`;
          track.set(key, performance.now());
          await client.publishAsync(topicFor(id), payloadFor(id, seq), { qos: 1 });
          published += 1;
        }
      };
      await Promise.all(Array.from({ length: WINDOW }, lane));
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(clients.map((c) => c.endAsync()));
  return { published, elapsed };
}

function p99(latencies: number[]): number {
  latencies.sort((a, b) => a - b);
  return latencies[Math.floor(latencies.length * 0.99)] ?? 0;
}

function p50(latencies: number[]): number {
  latencies.sort((a, b) => a - b);
  return latencies[Math.floor(latencies.length * 0.5)] ?? 0;
}

type TCredentials = { username?: string; password?: string };

/** The broker alone: one subscriber receives every QoS 1 message. */
async function plainDelivery(url: string, credentials: TCredentials = {}): Promise<TRun> {
  const track = new Map<string, number>();
  const latencies: number[] = [];
  const subscriber = await mqtt.connectAsync(url, {
    clientId: `bench-sub-${randomBytes(3).toString('hex')}`,
    protocolVersion: 4,
    ...credentials,
  });
  await subscriber.subscribeAsync('bench/+/telemetry', { qos: 1 });
  let received = 0;
  subscriber.on('message', (_topic, payload) => {
    received += 1;
    const sent = track.get(payload.toString());
    if (sent !== undefined) latencies.push(performance.now() - sent);
  });
  const { elapsed } = await drive(
    url,
    (i) => ({ clientId: `benchpub${i}-${randomBytes(2).toString('hex')}`, ...credentials }),
    (id) => `bench/${id}/telemetry`,
    (id, seq) => `${id}/${seq}`,
    track,
  );
  await new Promise((r) => setTimeout(r, 500));
  await subscriber.endAsync();
  return { perSecond: received / elapsed, p99: p99(latencies), p50: p50(latencies) };
}

async function embeddedAedes(): Promise<{ url: string; close(): Promise<void> }> {
  const aedes = await Aedes.createBroker();
  const server = net.createServer(aedes.handle);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `mqtt://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Telemetry committed per second by the gateway, with every row's publish → commit latency. */
async function ingestion(
  washboard: TWashboard,
  deviceUrl: string,
  anonymous: boolean,
  rate?: number,
): Promise<TRun & { lost: number }> {
  const headers = await adminHeaders(washboard);
  const products: { serialNumber: string; deviceSecret: string }[] = [];
  const run = randomBytes(2).toString('hex').toUpperCase();
  for (let i = 0; i < DEVICES; i += 1) {
    const res = await washboard.app.inject({
      method: 'POST',
      url: '/api/v1/appliance/products',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: { serialNumber: `BENCH${run}${i}`, modelNumber: 'B', fw00: '1', fw02: '1', gamma: 'infinity', ratingPower: 'M3' },
    });
    products.push(res.json<{ serialNumber: string; deviceSecret: string }>());
  }
  const track = new Map<string, number>();
  const latencies: number[] = [];
  const base = Date.UTC(2026, 0, 1);
  // A later run on the same machines must not repeat an earlier run's instants.
  const offset = (runs += 1) * 100_000_000;
  // Latency ends when the message's batch committed: the ingest promise resolves then. The hook is
  // installed once per server; each run points it at its own records.
  measuring.set(washboard, { track, latencies, base, offset });
  if (!hooked.has(washboard)) {
    hooked.add(washboard);
    const receive = washboard.ingest.receive.bind(washboard.ingest);
    washboard.ingest.receive = async (topic, payload) => {
      await receive(topic, payload);
      const run = measuring.get(washboard);
      if (!run) return;
      const serial = topic.split('/')[2] ?? '';
      const seq = Date.parse((JSON.parse(payload.toString()) as { ts: string }).ts) - run.base - run.offset;
      const sent = run.track.get(`${serial}/${seq}`);
      if (sent !== undefined) run.latencies.push(performance.now() - sent);
    };
  }
  const before = washboard.writer.committed.telemetry;
  const { published, elapsed } = await drive(
    deviceUrl,
    (i) => {
      const p = products[i] ?? { serialNumber: '', deviceSecret: '' };
      return anonymous
        ? { clientId: p.serialNumber }
        : { clientId: p.serialNumber, username: p.serialNumber, password: p.deviceSecret };
    },
    (id) => `wb/v1/${id}/telemetry`,
    // A distinct `ts` per message and machine (rows are unique per machine and instant).
    (_id, seq) =>
      JSON.stringify({ ts: new Date(base + seq + offset).toISOString(), boilerTmp: 845, tankTmp: 620, waterTmp: 150 }),
    track,
    rate,
  );
  const deadline = Date.now() + 30_000;
  while (washboard.writer.committed.telemetry - before < published && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const committed = washboard.writer.committed.telemetry - before;
  return { perSecond: committed / elapsed, p99: p99(latencies), p50: p50(latencies), lost: published - committed };
}

let runs = 0;
const hooked = new WeakSet<TWashboard>();
const measuring = new WeakMap<TWashboard, { track: Map<string, number>; latencies: number[]; base: number; offset: number }>();

/**
 * The sustained rate: a saturating run finds what the pipeline commits, then runs paced at 90, 70
 * and 50 % of it until one commits every row with publish → commit p99 ≤ 2 s; its rate is the figure.
 */
async function sustained(washboard: TWashboard, deviceUrl: string, anonymous: boolean) {
  const flushes: number[] = [];
  const steps: string[] = [];
  if (process.env.BENCH_VERBOSE) {
    const transaction = washboard.database.transaction.bind(washboard.database);
    washboard.database.transaction = async (work) => {
      const started = performance.now();
      let inside = 0;
      try {
        return await transaction(async (sql) => {
          const begun = performance.now();
          try {
            return await work({
              query: <R>(text: string, params?: unknown[]) => {
                const t = performance.now();
                return sql.query<R>(text, params).finally(() => steps.push(`q${(performance.now() - t).toFixed(0)}`));
              },
              copyFrom: (statement, data) => {
                const t = performance.now();
                return sql.copyFrom(statement, data).finally(() => steps.push(`c${(performance.now() - t).toFixed(0)}`));
              },
            });
          } finally {
            inside = performance.now() - begun;
          }
        });
      } finally {
        const total = performance.now() - started;
        flushes.push(total);
        // Statements (q: query, c: COPY, ms) against the whole transaction: the rest is connect, BEGIN, COMMIT.
        if (total > 500)
          console.log(`  slow transaction ${total.toFixed(0)} ms (statements ${inside.toFixed(0)} ms: ${steps.join(' ')})`);
        steps.length = 0;
      }
    };
  }
  const probe = await ingestion(washboard, deviceUrl, anonymous);
  let paced = probe;
  for (const share of [0.9, 0.7, 0.5]) {
    flushes.length = 0;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const cpu = process.cpuUsage();
    const wall = performance.now();
    paced = await ingestion(washboard, deviceUrl, anonymous, probe.perSecond * share);
    loop.disable();
    if (process.env.BENCH_VERBOSE) {
      const used = process.cpuUsage(cpu);
      console.log(
        `  paced ${share}: ${Math.round(paced.perSecond)}/s, p50 ${paced.p50.toFixed(0)} ms, p99 ${paced.p99.toFixed(0)} ms, lost ${paced.lost}; ` +
          `this process: event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, CPU ${(((used.user + used.system) / 1000 / (performance.now() - wall)) * 100).toFixed(0)} %; ` +
          `${flushes.length} transactions, p50 ${p50(flushes).toFixed(0)} ms, p99 ${p99(flushes).toFixed(0)} ms, max ${(flushes[flushes.length - 1] ?? 0).toFixed(0)} ms`,
      );
    }
    if (paced.lost === 0 && paced.p99 <= 2_000) return { ...paced, probe };
  }
  return { ...paced, perSecond: 0, probe };
}

const ADMIN = { email: 'bench@washboard.test', password: 'Bench12345' };
async function adminHeaders(washboard: TWashboard) {
  const token = await washboard.app.inject({
    method: 'POST',
    url: '/oauth2/token',
    headers: { 'x-brand': 'LUMINA', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(passwordGrantFields(ADMIN.email, ADMIN.password)).toString(),
  });
  return {
    authorization: `Bearer ${token.json<{ access_token: string }>().access_token}`,
    'x-subscription-key': washboard.clients['washboard-web'] ?? '',
    'x-brand': 'LUMINA',
  };
}

async function server(env: Record<string, string>) {
  return createWashboard(
    parseConfig({
      PORT: '0',
      MQTT_PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DEMO: '0',
      WEB_DIST: '/nonexistent',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    }),
  );
}

function result(name: string, limit: number, plain: TRun, ingested: TRun & { lost: number; probe: TRun }) {
  return {
    name,
    figure: ingested.perSecond / plain.perSecond,
    unit: '×',
    limit,
    better: 'higher' as const,
    note:
      `sustained ${Math.round(ingested.perSecond)}/s (p99 publish→commit ${ingested.p99.toFixed(0)} ms, lost ${ingested.lost}; ` +
      `saturated ${Math.round(ingested.probe.perSecond)}/s), ` +
      `plain QoS 1 ${Math.round(plain.perSecond)}/s (p99 ${plain.p99.toFixed(0)} ms); ${DEVICES} publishers, ${RUN_SECONDS} s`,
  };
}

/**
 * A Mosquitto of this run with the dynamic-security plugin (the server creates each device's
 * identity, as in production) and the raised limits; plus a `bench` client allowed on `bench/#` for
 * the plain delivery run.
 */
async function benchMosquitto() {
  const mosquitto = await startMosquitto({ config: MOSQUITTO_LIMITS });
  const ctrl = dynsecControl(mosquitto);
  const bench = { username: 'bench', password: randomBytes(9).toString('base64url') };
  ctrl('createRole', 'bench');
  ctrl('addRoleACL', 'bench', 'publishClientSend', 'bench/#', 'allow');
  ctrl('addRoleACL', 'bench', 'subscribePattern', 'bench/#', 'allow');
  ctrl('createClient', bench.username, '-p', bench.password);
  ctrl('addClientRole', bench.username, 'bench');
  return { ...mosquitto, bench };
}

type TEngine = 'pglite' | 'postgres';

/** The server on `engine`, with its embedded aedes or this run's Mosquitto; ÷ the same broker's plain QoS 1 delivery. */
async function ingestionRatio(engine: TEngine, broker: 'aedes' | 'mosquitto', limit: number) {
  const mosquitto = broker === 'mosquitto' ? await benchMosquitto() : undefined;
  const database = engine === 'postgres' ? await scratchPostgres(POSTGRES, 'wb_bench') : undefined;
  try {
    let plain: TRun;
    if (mosquitto) plain = await plainDelivery(mosquitto.deviceUrl, mosquitto.bench);
    else {
      const plainBroker = await embeddedAedes();
      plain = await plainDelivery(plainBroker.url);
      await plainBroker.close();
    }
    const washboard = await server({
      ...(database ? { DATABASE_URL: database.url, DATA_DIR: 'memory://' } : { DATA_DIR: 'memory://' }),
      ...(mosquitto
        ? { MQTT_URL: mosquitto.serverUrl, MQTT_INGEST_CONNECTIONS: process.env.BENCH_INGEST_CONNECTIONS ?? '1' }
        : {}),
    });
    try {
      const deviceUrl = mosquitto?.deviceUrl ?? `mqtt://127.0.0.1:${washboard.broker.port ?? 0}`;
      const ingested = await sustained(washboard, deviceUrl, false);
      const names = { pglite: 'PGlite', postgres: 'PostgreSQL', aedes: 'embedded aedes', mosquitto: 'Mosquitto' };
      return result(`ingestion ratio, ${names[engine]} + ${names[broker]}`, limit, plain, ingested);
    } finally {
      await washboard.close();
    }
  } finally {
    await database?.drop();
    await mosquitto?.stop();
  }
}

/** PGlite with the embedded broker: ÷ a plain aedes broker's QoS 1 delivery (target ≥ 0.4). */
export const ingestionPgliteAedes = () => ingestionRatio('pglite', 'aedes', 0.4);
/** PGlite with Mosquitto (target ≥ 0.4). */
export const ingestionPgliteMosquitto = () => ingestionRatio('pglite', 'mosquitto', 0.4);
/** PostgreSQL with the embedded broker (target ≥ 0.5). */
export const ingestionPostgresAedes = () => ingestionRatio('postgres', 'aedes', 0.5);
/** PostgreSQL with Mosquitto (target ≥ 0.5). */
export const ingestionPostgresMosquitto = () => ingestionRatio('postgres', 'mosquitto', 0.5);
