import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { passwordGrantFields } from '@washboard/contracts';
import { VirtualDishwasher } from '@washboard/simulator';
import { scratchPostgres } from '../../test/harness';
import { shippedMosquittoConfig, startMosquitto, type TTestMosquitto } from '../../test/mosquitto';
import { freePort } from '../../test/ports';
import { startServerProcess, type TServerProcess } from '../../test/server-process';

/**
 * The durability drill (docs/operations.md, "Durability drill"): virtual machines publish QoS 1
 * alarms with their own ids while the server process is killed with SIGKILL and started again. What
 * the broker acknowledged to the machines (their PUBACKs) must all be stored, once; the machines
 * keep publishing through the outage and send again what was not acknowledged.
 */

const ADMIN = { email: 'admin@drill.test', password: 'Adm1nPassw0rd' };
const KEYS = { 'washboard-web': 'drill-web-key', 'washboard-mobile': 'drill-mobile-key' };
const MACHINES = 8;
/** Real ms between two alarm messages (raise, then clear, alternately) of one machine. */
const EVERY_MS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

type TAlarm = { id: string; stopDate: string | null };

/** The machines of the drill and their books: every alarm sent, and every one the broker acknowledged. */
class Drill {
  readonly machines: VirtualDishwasher[] = [];
  readonly sent = new Set<string>();
  readonly acked = new Set<string>();
  /** Alarms whose clearing (stopDate) was acknowledged. */
  readonly ackedClosed = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    products: { serialNumber: string; deviceSecret: string }[],
    private readonly broker: string,
  ) {
    for (const product of products) {
      const machine = new VirtualDishwasher({
        serial: product.serialNumber,
        secret: product.deviceSecret,
        gamma: 'infinity',
        broker,
        mqtt: { reconnectPeriod: 200, connectTimeout: 5_000, keepalive: 5 },
        // The drill tests the server: a machine's own finite memory (1,000 records by default, 20 s
        // of this drill's pace) must not drop records during an outage a loaded machine makes long.
        outboxLimit: 100_000,
      });
      machine.onMessage((message) => {
        if (message.topic === 'alarm') this.sent.add((message.payload as TAlarm).id);
      });
      machine.onAcknowledged((topic, body) => {
        if (topic !== 'alarm') return;
        const alarm = JSON.parse(body) as TAlarm;
        this.acked.add(alarm.id);
        if (alarm.stopDate) this.ackedClosed.add(alarm.id);
      });
      this.machines.push(machine);
    }
  }

  async connect(): Promise<void> {
    await Promise.all(this.machines.map((m) => m.connect()));
  }

  /** Every machine raises or clears its alarm every EVERY_MS, connected or not (its outbox keeps it). */
  publish(): void {
    this.timer = setInterval(() => {
      for (const machine of this.machines) {
        if (!machine.clearAlarm('OH01')) machine.raiseAlarm('OH01');
      }
    }, EVERY_MS);
  }

  stopPublishing(): void {
    clearInterval(this.timer);
  }

  get waiting(): number {
    return this.machines.reduce((sum, m) => sum + m.outboxSize, 0);
  }

  get allConnected(): boolean {
    return this.machines.every((m) => m.connected);
  }

  /** Waits until `count` more alarms were acknowledged. */
  async acknowledged(count: number, timeoutMs = 20_000): Promise<void> {
    const target = this.acked.size + count;
    await until(() => this.acked.size >= target, timeoutMs, `${count} acknowledgements`);
  }

  async close(): Promise<void> {
    this.stopPublishing();
    await Promise.all(this.machines.map((m) => m.close()));
  }

  /** What was acknowledged but not stored, stored twice or never sent, and the ratio acknowledged ÷ stored. */
  compare(rows: TAlarm[]) {
    const stored = new Map(rows.map((r) => [r.id, r]));
    return {
      acknowledged: this.acked.size,
      stored: rows.length,
      ratio: this.acked.size / rows.length,
      missing: [...this.acked].filter((id) => !stored.has(id)),
      unclosed: [...this.ackedClosed].filter((id) => !stored.get(id)?.stopDate),
      duplicates: rows.length - stored.size,
      neverSent: rows.filter((r) => !this.sent.has(r.id)).map((r) => r.id),
    };
  }
}

async function adminHeaders(server: TServerProcess): Promise<Record<string, string>> {
  const res = await server.api('/oauth2/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(passwordGrantFields(ADMIN.email, ADMIN.password)).toString(),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const { access_token } = (await res.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}`, 'x-subscription-key': KEYS['washboard-web'] };
}

async function createProducts(server: TServerProcess, count: number) {
  const headers = await adminHeaders(server);
  const products: { serialNumber: string; deviceSecret: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await server.api('/api/v1/appliance/products', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        serialNumber: `DRILL${Date.now().toString(36).toUpperCase()}${i}`,
        modelNumber: 'WB-500',
        fw00: '1.0.0',
        fw02: '1.0.0',
        gamma: 'infinity',
        ratingPower: 'M3',
      }),
    });
    if (res.status !== 200) throw new Error(`product: ${res.status} ${await res.text()}`);
    products.push((await res.json()) as { serialNumber: string; deviceSecret: string });
  }
  return products;
}

const ALARMS_OF = 'select id::text as id, stop_date::text as "stopDate" from alarms where serial_number = any($1)';

/** What a test started, stopped in afterEach whatever happened. */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

async function serverEnv(extra: Record<string, string>): Promise<Record<string, string>> {
  return {
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DEMO: '0',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SUBSCRIPTION_KEYS: Object.entries(KEYS)
      .map(([client, key]) => `${client}:${key}`)
      .join(','),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '100',
    SIGN_IN_DELAY_MS: '20',
    WEB_DIST: '/nonexistent',
    SHUTDOWN_GRACE_SECONDS: '5',
    WASHBOARD_INSTANCE: `drill-${process.pid}`,
    ...extra,
  };
}

/** Publishes until `count` more acknowledgements, then kills the server and starts it again. */
async function killServerMidStream(drill: Drill, server: TServerProcess, count: number): Promise<void> {
  await drill.acknowledged(count);
  await server.kill();
  await sleep(300);
  await server.restart();
}

function expectNothingLost(result: ReturnType<Drill['compare']>): void {
  expect(result.missing).toEqual([]);
  expect(result.unclosed).toEqual([]);
  expect(result.duplicates).toBe(0);
  expect(result.neverSent).toEqual([]);
  expect(result.ratio.toFixed(3)).toBe('1.000');
}

describe.runIf(process.env.TEST_DB !== 'postgres')('durability drill, PGlite + embedded aedes', () => {
  it('stores every acknowledged QoS 1 alarm once though the server is killed with SIGKILL twice', async () => {
    const started = Date.now();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wb-drill-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const mqttPort = await freePort();
    const server = await startServerProcess(await serverEnv({ DATA_DIR: dataDir, MQTT_PORT: String(mqttPort) }));
    cleanups.push(() => server.kill());
    const drill = new Drill(await createProducts(server, MACHINES), `mqtt://127.0.0.1:${mqttPort}`);
    cleanups.push(() => drill.close());
    await drill.connect();
    drill.publish();

    let waitingWhileDown = 0;
    for (let round = 0; round < 2; round += 1) {
      await killServerMidStream(drill, server, 300);
      waitingWhileDown = Math.max(waitingWhileDown, drill.waiting);
      // Reconnecting waits for the restarted server's single PGlite connection, shared with the backlog the
      // first machines back replay (each alarm now also hash-chained): under the full suite's load that
      // took over 30 s for eight machines, and over 60 s for the last one in two runs of 2026-11-27.
      await until(() => drill.allConnected, 150_000, 'the machines to reconnect').catch((error: unknown) => {
        throw new Error(
          `${String(error)}; ${drill.machines.filter((m) => m.connected).length} connected; server:\n${server.output()}`,
        );
      });
    }
    await drill.acknowledged(300);
    drill.stopPublishing();
    await until(() => drill.waiting === 0, 20_000, 'every record to be acknowledged');
    await drill.close();
    await server.stop();

    const db = new PGlite(path.join(dataDir, 'pglite'));
    const { rows } = await db.query<TAlarm>(ALARMS_OF, [drill.machines.map((m) => m.serial)]);
    await db.close();
    const result = drill.compare(rows);
    console.log(
      `drill PGlite + aedes: ${result.acknowledged} acknowledged ÷ ${result.stored} stored = ${result.ratio.toFixed(3)}, ` +
        `${result.duplicates} duplicates, ${drill.sent.size} sent, up to ${waitingWhileDown} waiting in outboxes during an outage, ${Date.now() - started} ms`,
    );
    expect(waitingWhileDown).toBeGreaterThan(0);
    expectNothingLost(result);
  }, 420_000);
});

describe.runIf(process.env.TEST_DB === 'postgres')('durability drill, PostgreSQL + Mosquitto', () => {
  /** `query` is appended to the server's MQTT_URL (`?subscription=shared`). */
  async function setUp(query = '') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const database = await scratchPostgres(base, 'wb_drill');
    cleanups.push(() => database.drop());
    const mosquitto: TTestMosquitto = await startMosquitto();
    cleanups.push(() => mosquitto.stop());
    const server = await startServerProcess(
      await serverEnv({ DATABASE_URL: database.url, DATA_DIR: 'memory://', MQTT_URL: mosquitto.serverUrl + query }),
    );
    cleanups.push(() => server.kill());
    const drill = new Drill(await createProducts(server, MACHINES), mosquitto.deviceUrl);
    cleanups.push(() => drill.close());
    await drill.connect();
    const stored = async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        return (await client.query<TAlarm>(ALARMS_OF, [drill.machines.map((m) => m.serial)])).rows;
      } finally {
        await client.end();
      }
    };
    /** Everything acknowledged by Mosquitto is queued for the server: wait until it has stored that much. */
    const settled = async () => {
      drill.stopPublishing();
      await until(() => drill.waiting === 0, 20_000, 'every record to be acknowledged');
      await until(async () => (await stored()).length >= drill.acked.size, 20_000, 'the server to store what was queued').catch(
        () => {},
      );
      await drill.close();
      await server.stop();
      return drill.compare(await stored());
    };
    return { mosquitto, server, drill, settled };
  }

  it('stores every acknowledged QoS 1 alarm once though the server is killed with SIGKILL twice', async () => {
    const started = Date.now();
    const { server, drill, settled } = await setUp();
    drill.publish();
    for (let round = 0; round < 2; round += 1) {
      await drill.acknowledged(300);
      await server.kill();
      // Mosquitto acknowledges and queues for the server's persistent session meanwhile.
      await drill.acknowledged(200);
      await server.restart();
    }
    await drill.acknowledged(300);
    const result = await settled();
    console.log(
      `drill PostgreSQL + Mosquitto, server killed: ${result.acknowledged} acknowledged ÷ ${result.stored} stored = ${result.ratio.toFixed(3)}, ` +
        `${result.duplicates} duplicates, ${Date.now() - started} ms`,
    );
    expectNothingLost(result);
  }, 90_000);

  it('keeps running while Mosquitto is down, and stores what the machines send once it is back', async () => {
    const { mosquitto, server, drill, settled } = await setUp();
    drill.publish();
    await drill.acknowledged(100);
    await mosquitto.kill();
    // The server's connections try again every one to two seconds, each one refused: an error its
    // MQTT clients once had nobody listening for, which ended the process.
    await sleep(5_000);
    expect((await server.api('/healthz')).status).toBe(200);
    expect((await server.api('/readyz')).status).toBe(503);
    await mosquitto.restart();
    await until(async () => (await server.api('/readyz')).status === 200, 20_000, 'the server to reconnect');
    await until(() => drill.allConnected, 15_000, 'the machines to reconnect');
    const before = drill.acked.size;
    await drill.acknowledged(200);
    const result = await settled();
    // What the machines sent after the restart is stored (a kill loses the autosave window before it).
    expect([...drill.acked].slice(before).filter((id) => result.missing.includes(id))).toEqual([]);
    expect(result.duplicates).toBe(0);
  }, 90_000);

  /**
   * The server killed with SIGKILL, Mosquitto killed with SIGKILL while the server is away, then both
   * started again: what was acknowledged to the machines and lost must stay within the autosave window.
   */
  async function brokerCrashWhileServerDown(subscription: 'shared' | 'plain'): Promise<void> {
    const started = Date.now();
    const window = Number(
      (await shippedMosquittoConfig()).find((line) => line.startsWith('autosave_interval'))?.split(/\s+/)[1] ?? NaN,
    );
    // A single instance subscribes plainly by default; the shared group is what several instances use.
    const { mosquitto, server, drill, settled } = await setUp(subscription === 'shared' ? '?subscription=shared' : '');
    drill.publish();
    await drill.acknowledged(300);
    await server.kill();
    const before = drill.acked.size;
    // Queued for the server while it is away: five autosave windows' worth, all lost without persistence.
    await drill.acknowledged(5 * window);
    await mosquitto.kill();
    const queued = drill.acked.size - before;
    await sleep(300);
    await mosquitto.restart();
    await until(() => drill.allConnected, 15_000, 'the machines to reconnect');
    // The machines publish on meanwhile: only the session's subscription, restored from Mosquitto's
    // file, routes those to the server's queue.
    await drill.acknowledged(100);
    const beforeServer = drill.acked.size - before - queued;
    await server.restart();
    await drill.acknowledged(300);
    const result = await settled();
    console.log(
      `drill PostgreSQL + Mosquitto (${subscription} subscription), Mosquitto killed while the server was down: ` +
        `${result.acknowledged} acknowledged, ${result.stored} stored, ${result.missing.length} lost of ${queued} queued ` +
        `before the crash and ${beforeServer} acknowledged after it before the server was back (autosave window ${window}), ` +
        `${result.duplicates} duplicates, ${Date.now() - started} ms`,
    );
    // The window: the changes since the last save, plus what the broker accepted in the loop turn
    // that a save was cut short in (docs/operations.md).
    expect(result.missing.length).toBeLessThanOrEqual(2 * window);
    expect(result.duplicates).toBe(0);
    expect(result.neverSent).toEqual([]);
  }

  it(
    'loses at most about the autosave window when Mosquitto is killed with SIGKILL while the server is down (plain subscription, the default of one instance)',
    () => brokerCrashWhileServerDown('plain'),
    90_000,
  );

  // KNOWN FAILURE (finding 11, a Mosquitto 2.0 limitation): Mosquitto 2.0 does not write shared
  // subscriptions to its persistence file. After the restart the server's session keeps its queue
  // but is no longer in the `$share/washboard` group, so everything the machines publish until the
  // server subscribes again is acknowledged and dropped (docs/operations.md). `it.fails` turns red
  // once a broker that saves shared subscriptions is in use, so that this line is turned back into `it`.
  it.fails(
    'loses at most about the autosave window when Mosquitto is killed with SIGKILL while the server is down (shared subscription, for several instances)',
    () => brokerCrashWhileServerDown('shared'),
    90_000,
  );
});
