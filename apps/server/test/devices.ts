import { randomUUID } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll } from 'vitest';
import { deviceTopic, type TDeviceStats, type TDeviceTopic } from '@washboard/contracts';
import { startTestServer, testBroker, type TTestServer } from './harness';
import { ADMIN, json, signIn } from './accounts';

export type TProduct = { serialNumber: string; deviceSecret: string };

let counter = 0;
/** A serial number unique within the test run. */
export function newSerial(prefix = 'SN'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).toUpperCase()}${counter}`;
}

/** The body of `POST /api/v1/appliance/products` for a new product with a unique serial number. */
export function productRequest(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    serialNumber: newSerial(),
    modelNumber: 'WB-500',
    fw00: '1.0.0',
    fw02: '1.0.0',
    gamma: 'infinity',
    ratingPower: 'M3',
    ...extra,
  };
}

/** Adds a product through the admin call. */
export async function createProduct(
  server: TTestServer,
  headers: Record<string, string>,
  extra: Record<string, unknown> = {},
): Promise<TProduct> {
  const res = await server.api('/api/v1/appliance/products', json(productRequest(extra), headers));
  if (res.status !== 200) throw new Error(`product: ${res.status} ${await res.text()}`);
  return (await res.json()) as TProduct;
}

/** Connects as the device; the last will marks it offline. */
export function connectDevice(server: TTestServer, product: TProduct, options: IClientOptions = {}): Promise<MqttClient> {
  return mqtt.connectAsync(server.mqttUrl, {
    clientId: product.serialNumber,
    username: product.serialNumber,
    password: product.deviceSecret,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
    will: { topic: deviceTopic(product.serialNumber, 'status'), payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    ...options,
  });
}

/** Connects the product as the device, online and READY, showing `code` on its display (as after pressing its show-code button). */
export async function deviceShowingCode(server: TTestServer, product: TProduct, code: string): Promise<MqttClient> {
  const client = await connectDevice(server, product);
  await publish(client, product.serialNumber, 'status', { online: true, systemState: 2, ts: new Date().toISOString() });
  await publish(client, product.serialNumber, 'claiming-code', {
    code,
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
  });
  return client;
}

export function publish(client: MqttClient, serial: string, topic: TDeviceTopic, payload: unknown, qos: 0 | 1 = 1) {
  return client.publishAsync(deviceTopic(serial, topic), typeof payload === 'string' ? payload : JSON.stringify(payload), {
    qos,
  });
}

/**
 * A washing cycle's HACCP record as a machine sends it (`event`): ended `minute` minutes after 06:00
 * UTC on `day`, two and a half minutes long, with plausible temperatures.
 */
export function cycleRecord(day: string, minute: number, rinseMaxTmp = 848) {
  const stop = new Date(Date.parse(`${day}T06:00:00Z`) + minute * 60_000);
  return {
    id: randomUUID(),
    kind: 'cycle' as const,
    cycleName: 'dishes' as const,
    cycleNumber: minute,
    start: new Date(stop.getTime() - 150_000).toISOString(),
    stop: stop.toISOString(),
    completed: true,
    measurements: { washMinTmp: 580, washMaxTmp: 615, rinseMinTmp: 800, rinseMaxTmp },
  };
}

/** A washing cycle that started `hoursAgo` hours ago, with its final-rinse trace (a heat dose). */
export function cycleHoursAgo(hoursAgo: number) {
  const start = Date.now() - hoursAgo * 3_600_000;
  return {
    id: randomUUID(),
    kind: 'cycle' as const,
    cycleName: 'dishes' as const,
    cycleNumber: Math.round(hoursAgo * 10),
    start: new Date(start).toISOString(),
    stop: new Date(start + 150_000).toISOString(),
    completed: true,
    measurements: { washMinTmp: 580, washMaxTmp: 615, rinseMinTmp: 800, rinseMaxTmp: 851 },
    rinseTrace: Array<number>(15).fill(851),
  };
}

/** A machine's counters report (`stats`) at `ts`: `totalCycles` washed, the rest at zero. */
export function deviceStats(ts: string, totalCycles = 1): TDeviceStats {
  return {
    ts,
    totalCycles,
    totalWater: 0,
    rinsePumpTime: 0,
    washPumpTime: 0,
    energy: 0,
    regenerationCycles: 0,
    logsCount: 0,
    boilerHeaterTime: 0,
    tankHeaterTime: 0,
    cyclesUntilMaintenance: 100,
  };
}

/** Polls `check` until it answers something truthy, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The set-up of a spec about machines on this run's broker (Mosquitto next to PostgreSQL, else the
 * embedded one): registers the hooks that start a server with an administrator and sign it in, and
 * that close every device connection and the server afterwards. Read `server` and `headers` in tests.
 */
export function deviceSuite() {
  let started: TTestServer | undefined;
  let adminHeaders: Record<string, string> = {};
  const open: MqttClient[] = [];
  beforeAll(async () => {
    started = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { broker: testBroker() });
    adminHeaders = (await signIn(started, ADMIN.email, ADMIN.password)).headers;
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.endAsync(true)));
    await started?.close();
  });
  const suite = {
    get server(): TTestServer {
      if (!started) throw new Error('the device suite has not started');
      return started;
    },
    /** The administrator's headers for signed-in calls. */
    get headers(): Record<string, string> {
      return adminHeaders;
    },
    /** Connects as the device; the connection is closed after the spec. */
    async device(product: TProduct, options: IClientOptions = {}): Promise<MqttClient> {
      const client = await connectDevice(suite.server, product, options);
      open.push(client);
      return client;
    },
    /** The machine's last telemetry and status, as the administrator reads them. */
    async lastTelemetry(serial: string) {
      const res = await suite.server.api(`/api/v1/event-hub-listener/event/${serial}/lastTelemetry`, { headers: adminHeaders });
      return (await res.json()) as {
        telemetry: Record<string, number> | null;
        status: { online: boolean; systemState: number | null };
      };
    },
  };
  return suite;
}
