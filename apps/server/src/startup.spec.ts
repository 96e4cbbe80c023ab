import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/harness';
import { createWashboard, type TWashboard } from './app';
import { DATA_DIR_LOCK } from './db/data-dir';
import type { TConfig } from './config/env';
import { PORT_SEARCH_SPAN } from './port-search';
import { startBanner } from './start-banner';
import { StartupError } from './startup-error';

/** A listener of the test's own on `port` (any free one when 0): a port another program holds. */
async function occupy(port = 0): Promise<net.Server> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

function portOf(server: net.Server): number {
  return (server.address() as net.AddressInfo).port;
}

/** `port` stands for the default of PORT or MQTT_PORT: the variable counts as unset. */
function asDefault(config: TConfig, which: 'http' | 'mqtt'): TConfig {
  return { ...config, defaultPorts: { ...config.defaultPorts, [which]: true } };
}

const blockers: net.Server[] = [];
const started: TWashboard[] = [];
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'wb-startup-'));
});
afterEach(async () => {
  for (const washboard of started.splice(0)) await washboard.close();
  await Promise.all(blockers.splice(0).map(closeServer));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function blockedPort(): Promise<number> {
  const blocker = await occupy();
  blockers.push(blocker);
  return portOf(blocker);
}

const closeServer = (server: net.Server) => new Promise((resolve) => server.close(resolve));

/** `length` consecutive ports, all held by the test. */
async function occupyRun(length: number): Promise<net.Server[]> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const run = [await occupy()];
    const first = portOf(run[0] as net.Server);
    for (let port = first + 1; port < first + length; port += 1) {
      const next = await occupy(port).catch(() => undefined);
      if (!next) break;
      run.push(next);
    }
    if (run.length === length) return run;
    await Promise.all(run.map(closeServer));
  }
  throw new Error(`found no ${length} consecutive free ports`);
}

/** Starts (and, with `listen`, listens) expecting a failure; answers the error. */
async function startFailure(config: TConfig, listen = false): Promise<unknown> {
  let washboard: TWashboard;
  try {
    washboard = await createWashboard(config);
    if (listen) await washboard.listen();
  } catch (error) {
    return error;
  }
  started.push(washboard);
  throw new Error('the start did not fail');
}

describe('a default port that is taken', () => {
  it('moves the embedded broker to the next free port, and the start block says so', async () => {
    const taken = await blockedPort();
    const washboard = await createWashboard(asDefault(testConfig({ MQTT_PORT: String(taken) }), 'mqtt'));
    started.push(washboard);
    const used = washboard.broker.port ?? 0;
    expect(used).toBeGreaterThan(taken);
    expect(used).toBeLessThan(taken + PORT_SEARCH_SPAN);
    expect(washboard.broker.url).toBe(`mqtt://localhost:${used}`);
    // The port the block names is the broker's: a connection there is accepted.
    const socket = net.connect(used, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.destroy();
    const note = `MQTT port ${taken} was in use; using ${used}`;
    expect(washboard.startNotes).toEqual([note]);
    const block = startBanner(
      { url: 'http://localhost:8080', mqttUrl: washboard.broker.url, mqttKind: 'embedded', notes: washboard.startNotes },
      {},
      'LUMINA',
    );
    expect(block).toContain(`mqtt://localhost:${used} (embedded broker)`);
    expect(block).toContain(note);
  }, 60_000);

  it('moves HTTP to the next free port, and e-mailed links and tokens name that port', async () => {
    const taken = await blockedPort();
    const washboard = await createWashboard(asDefault(testConfig({ PORT: String(taken) }), 'http'));
    started.push(washboard);
    const used = await washboard.listen();
    expect(used).toBeGreaterThan(taken);
    expect(used).toBeLessThan(taken + PORT_SEARCH_SPAN);
    expect(washboard.startNotes).toEqual([`HTTP port ${taken} was in use; using ${used}`]);
    const discovery = await fetch(`http://127.0.0.1:${used}/.well-known/openid-configuration`);
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(`http://localhost:${used}`);
  }, 60_000);

  it('never gives the broker the port HTTP chose when both searches start from the same taken port', async () => {
    const taken = await blockedPort();
    const config = asDefault(asDefault(testConfig({ PORT: String(taken), MQTT_PORT: String(taken) }), 'http'), 'mqtt');
    const washboard = await createWashboard(config);
    started.push(washboard);
    // HTTP chose the first free port above the taken one before the broker searched; it is bound last.
    // (Not necessarily taken + 1 and + 2: another process on the machine may hold those.)
    const http = await washboard.listen();
    const broker = washboard.broker.port ?? 0;
    expect(broker).not.toBe(http);
    expect(http).toBeGreaterThan(taken);
    expect(broker).toBeGreaterThan(http);
    expect(broker).toBeLessThan(taken + PORT_SEARCH_SPAN);
  }, 60_000);

  it('stops with a clear message once every port it tries is taken', async () => {
    const run = await occupyRun(PORT_SEARCH_SPAN);
    blockers.push(...run);
    const first = portOf(run[0] as net.Server);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    const error = await startFailure(asDefault(testConfig({ MQTT_PORT: String(first) }), 'mqtt')).finally(() =>
      process.off('warning', onWarning),
    );
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toBe(
      `MQTT ports ${first}-${first + PORT_SEARCH_SPAN - 1} are all in use. ` +
        'Set MQTT_PORT to a free port for the embedded broker, or set MQTT_URL to use a running broker.',
    );
    // Nothing else on the console: each try on the broker's listener takes its callbacks back (Node
    // warned of a memory leak from the eleventh on).
    expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  });
});

describe('an explicitly set port that is taken', () => {
  it('stops the start on MQTT_PORT with the message it always gave, before creating the data directory', async () => {
    const taken = await blockedPort();
    const dataDir = path.join(scratch, 'mqtt-taken', 'data');
    const error = await startFailure(testConfig({ MQTT_PORT: String(taken), DATA_DIR: dataDir }));
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toBe(
      `MQTT port ${taken} is already in use (another broker, such as Mosquitto, may be running). ` +
        'Set MQTT_PORT to a free port for the embedded broker, or set MQTT_URL to use the running broker.',
    );
    expect(existsSync(path.join(scratch, 'mqtt-taken'))).toBe(false);
  });

  it('stops the start on PORT with the message it always gave, leaving no data directory', async () => {
    const taken = await blockedPort();
    const dataDir = path.join(scratch, 'http-taken', 'data');
    const error = await startFailure(testConfig({ PORT: String(taken), DATA_DIR: dataDir }), true);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toBe(`HTTP port ${taken} is already in use. Set PORT to a free port.`);
    expect(existsSync(path.join(scratch, 'http-taken'))).toBe(false);
  }, 60_000);
});

describe('a start that fails once its database exists', () => {
  it('removes the data directory it created', async () => {
    const dataDir = path.join(scratch, 'late-failure', 'data');
    const error = await startFailure(testConfig({ METRICS_PORT: String(await blockedPort()), DATA_DIR: dataDir }));
    expect((error as NodeJS.ErrnoException).code).toBe('EADDRINUSE');
    expect(existsSync(path.join(scratch, 'late-failure'))).toBe(false);
  }, 60_000);

  it('never removes a data directory that existed before', async () => {
    const dataDir = path.join(scratch, 'existing');
    await mkdir(dataDir);
    await writeFile(path.join(dataDir, 'keep.txt'), 'the operator’s');
    const error = await startFailure(testConfig({ METRICS_PORT: String(await blockedPort()), DATA_DIR: dataDir }));
    expect((error as NodeJS.ErrnoException).code).toBe('EADDRINUSE');
    expect(existsSync(path.join(dataDir, 'keep.txt'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
  }, 60_000);
});

describe('a data directory another Washboard runs on', () => {
  it('stops a second start before it takes a port or opens the database, naming the process', async () => {
    const dataDir = path.join(scratch, 'locked');
    await mkdir(dataDir);
    // The test runner's parent process stands for the Washboard already running on the directory.
    await writeFile(path.join(dataDir, DATA_DIR_LOCK), String(process.ppid));
    const mqttPort = await blockedPort();
    await closeServer(blockers.pop() as net.Server);
    const error = await startFailure(
      asDefault({ ...testConfig({ DATA_DIR: dataDir, MQTT_PORT: String(mqttPort) }), DATABASE_URL: undefined }, 'mqtt'),
    );
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toContain(`in use by another Washboard (process ${process.ppid})`);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    expect(readFileSync(path.join(dataDir, DATA_DIR_LOCK), 'utf8')).toBe(String(process.ppid));
    // The port it would have taken is still free.
    blockers.push(await occupy(mqttPort));
  }, 60_000);

  it('takes over the lock of a process that died, and gives it back on close', async () => {
    const dataDir = path.join(scratch, 'stale-lock');
    await mkdir(dataDir);
    await writeFile(path.join(dataDir, DATA_DIR_LOCK), '2147483646');
    const washboard = await createWashboard({ ...testConfig({ DATA_DIR: dataDir }), DATABASE_URL: undefined });
    expect(readFileSync(path.join(dataDir, DATA_DIR_LOCK), 'utf8')).toBe(String(process.pid));
    await washboard.close();
    expect(existsSync(path.join(dataDir, DATA_DIR_LOCK))).toBe(false);
  }, 60_000);
});
