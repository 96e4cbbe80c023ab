import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deviceTopic } from '@washboard/contracts';
import { QUIET_ACTIVITY } from './dishwasher.model';
import { Fleet } from './fleet';
import { checkDeviceMessage } from './protocol-check';
import { startTestBroker as startBroker, type TTestBroker as TBroker } from './test-broker';
import { VirtualDishwasher } from './virtual-dishwasher';

type TReceived = { topic: string; body: string; retain: boolean };

async function cloud(broker: TBroker): Promise<{ client: MqttClient; received: TReceived[] }> {
  const client = await connectAsync(broker.url, { clientId: 'cloud', username: 'cloud', password: 'cloud-secret' });
  const received: TReceived[] = [];
  client.on('message', (topic, payload, packet) => received.push({ topic, body: payload.toString(), retain: packet.retain }));
  await client.subscribeAsync('wb/v1/#', { qos: 1 });
  return { client, received };
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const on = (received: TReceived[], serial: string, topic: string): unknown[] =>
  received.filter((m) => m.topic === deviceTopic(serial, topic as 'status')).map((m) => JSON.parse(m.body) as unknown);

let broker: TBroker;
let machines: VirtualDishwasher[] = [];

beforeAll(async () => {
  broker = await startBroker();
});
afterAll(async () => {
  await broker.close();
});
beforeEach(async () => {
  await Promise.all(machines.map((machine) => machine.close()));
  machines = [];
});

function machine(serial: string): VirtualDishwasher {
  const secret = `secret-${serial}`;
  broker.secrets.set(serial, secret);
  const made = new VirtualDishwasher({
    serial,
    secret,
    broker: broker.url,
    seed: 7,
    activity: QUIET_ACTIVITY,
    telemetryIntervalSeconds: 1,
    mqtt: { reconnectPeriod: 200 },
  });
  machines.push(made);
  return made;
}

describe('a virtual dishwasher over MQTT', () => {
  it('announces its retained state on connect and sends schema-valid telemetry on its own topics', async () => {
    const { client, received } = await cloud(broker);
    const dishwasher = machine('SIM-MQTT-1');
    await dishwasher.connect();
    dishwasher.start(100);
    await waitFor(() => on(received, 'SIM-MQTT-1', 'telemetry').length >= 2, 'telemetry');

    for (const topic of ['status', 'versions', 'params', 'stats']) expect(on(received, 'SIM-MQTT-1', topic)).not.toHaveLength(0);
    expect(on(received, 'SIM-MQTT-1', 'status')[0]).toMatchObject({ online: true, systemState: 2 });
    for (const message of received) {
      expect(message.topic.startsWith('wb/v1/SIM-MQTT-1/')).toBe(true);
      expect(checkDeviceMessage(message.topic, message.body)).toBeNull();
    }
    // Infinity sends all seven live values and the cycle bar.
    expect(Object.keys(on(received, 'SIM-MQTT-1', 'telemetry')[0] as object)).toHaveLength(10);

    await client.endAsync();
  });

  it('keeps the retained state for later subscribers', async () => {
    const dishwasher = machine('SIM-MQTT-2');
    await dishwasher.connect();
    await waitFor(() => dishwasher.outboxSize === 0, 'acknowledgements');
    const { client, received } = await cloud(broker);
    await waitFor(() => received.filter((m) => m.topic.includes('/SIM-MQTT-2/')).length >= 4, 'retained messages');
    const retained = received.filter((m) => m.topic.includes('/SIM-MQTT-2/') && m.retain).map((m) => m.topic.split('/').at(-1));
    expect(retained.sort()).toEqual(['info', 'params', 'stats', 'status', 'versions']);
    await client.endAsync();
  });

  it('obeys a command and answers on cmd/result with the same id', async () => {
    const { client, received } = await cloud(broker);
    const dishwasher = machine('SIM-MQTT-3');
    await dishwasher.connect();
    await waitFor(() => on(received, 'SIM-MQTT-3', 'status').length > 0, 'status');

    const id = randomUUID();
    await client.publishAsync(
      deviceTopic('SIM-MQTT-3', 'cmd'),
      JSON.stringify({ id, name: 'cycle-start', args: { cycleType: 'intensive' } }),
      { qos: 1 },
    );
    await waitFor(() => on(received, 'SIM-MQTT-3', 'cmd/result').length > 0, 'the result');
    expect(on(received, 'SIM-MQTT-3', 'cmd/result')).toEqual([{ id, ok: true }]);
    expect(on(received, 'SIM-MQTT-3', 'status').at(-1)).toMatchObject({ systemState: 4, cycleType: 'intensive' });

    const refused = randomUUID();
    await client.publishAsync(
      deviceTopic('SIM-MQTT-3', 'cmd'),
      JSON.stringify({ id: refused, name: 'cycle-start', args: { cycleType: 'fast' } }),
    );
    const unknown = randomUUID();
    await client.publishAsync(deviceTopic('SIM-MQTT-3', 'cmd'), JSON.stringify({ id: unknown, name: 'self-destruct', args: {} }));
    await waitFor(() => on(received, 'SIM-MQTT-3', 'cmd/result').length >= 3, 'two more results');
    expect(on(received, 'SIM-MQTT-3', 'cmd/result').slice(1)).toEqual([
      { id: refused, ok: false, error: 'BUSY' },
      { id: unknown, ok: false, error: 'UNSUPPORTED' },
    ]);
    await client.endAsync();
  });

  it('lets the broker publish its last will when the connection drops, and delivers what happened offline after reconnecting', async () => {
    const { client, received } = await cloud(broker);
    const dishwasher = machine('SIM-MQTT-4');
    await dishwasher.connect();
    await waitFor(() => dishwasher.outboxSize === 0, 'acknowledgements');

    dishwasher.disconnect();
    await waitFor(
      () => on(received, 'SIM-MQTT-4', 'status').some((s) => (s as { online: boolean }).online === false),
      'the last will',
    );
    expect(on(received, 'SIM-MQTT-4', 'status').at(-1)).toEqual({ online: false });

    // Offline: an alarm and a whole cycle happen; they wait in the outbox.
    const alarmId = dishwasher.raiseAlarm('W09');
    dishwasher.startCycle('fast');
    dishwasher.advance(120);
    expect(dishwasher.outboxSize).toBeGreaterThanOrEqual(3);
    received.length = 0;

    await dishwasher.connect();
    await waitFor(() => dishwasher.outboxSize === 0, 'the outbox to empty');
    await waitFor(() => on(received, 'SIM-MQTT-4', 'event').length > 0, 'the HACCP record');
    expect(on(received, 'SIM-MQTT-4', 'alarm')).toEqual([
      expect.objectContaining({ id: alarmId, errorCode: 'W09', stopDate: null }),
    ]);
    expect(on(received, 'SIM-MQTT-4', 'event')).toEqual([
      expect.objectContaining({ kind: 'cycle', cycleName: 'fast', completed: true }),
    ]);
    expect(on(received, 'SIM-MQTT-4', 'status').at(-1)).toMatchObject({ online: true, systemState: 2 });
    await client.endAsync();
  });

  it('says goodbye with a retained offline status when closed properly', async () => {
    const dishwasher = machine('SIM-MQTT-5');
    await dishwasher.connect();
    await dishwasher.close();
    const { client, received } = await cloud(broker);
    await waitFor(() => on(received, 'SIM-MQTT-5', 'status').length > 0, 'the retained status');
    expect(on(received, 'SIM-MQTT-5', 'status')).toEqual([{ online: false }]);
    await client.endAsync();
  });

  it('is refused with a wrong secret and stops trying', async () => {
    broker.secrets.set('SIM-MQTT-6', 'right');
    const intruder = new VirtualDishwasher({
      serial: 'SIM-MQTT-6',
      secret: 'wrong',
      broker: broker.url,
      activity: QUIET_ACTIVITY,
    });
    await expect(intruder.connect()).rejects.toThrow(/refused/);
    expect(intruder.connected).toBe(false);
  });

  it('keeps trying while the broker cannot check its credentials (3, server unavailable), and connects once it can', async () => {
    const patient = machine('SIM-MQTT-8');
    broker.unavailable.next = 2;
    await patient.connect();
    expect(patient.connected).toBe(true);
    expect(broker.attempts.get('SIM-MQTT-8')).toBe(3);
  });

  it('stops trying when its credentials are refused after it was connected (its secret replaced)', async () => {
    const replaced = machine('SIM-MQTT-9');
    await replaced.connect();
    broker.secrets.set('SIM-MQTT-9', 'a-new-board-holds-this');
    const before = broker.attempts.get('SIM-MQTT-9') ?? 0;
    broker.drop('SIM-MQTT-9');
    await waitFor(() => (broker.attempts.get('SIM-MQTT-9') ?? 0) > before, 'the reconnection');
    // Refused once, then silent: no hammering of the broker every reconnect period (200 ms here).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(broker.attempts.get('SIM-MQTT-9')).toBe(before + 1);
    expect(replaced.connected).toBe(false);
  });

  it('gives up waiting for an unreachable broker after the connect timeout, and can be closed', async () => {
    const lonely = new VirtualDishwasher({
      serial: 'SIM-MQTT-7',
      broker: 'mqtt://127.0.0.1:1',
      activity: QUIET_ACTIVITY,
      mqtt: { connectTimeout: 300, reconnectPeriod: 100 },
    });
    await expect(lonely.connect()).rejects.toThrow(/could not connect/);
    const again = lonely.connect();
    await lonely.close();
    await expect(again).rejects.toThrow(/closed before/);
  });
});

describe('a fleet over MQTT', () => {
  it('runs many machines on one timer, speeded up, and takes them all offline on close', async () => {
    const { client, received } = await cloud(broker);
    const fleet = new Fleet({
      broker: broker.url,
      speed: 60,
      tickMs: 100,
      seed: 3,
      telemetryIntervalSeconds: 1,
      gamma: 'hiline',
    });
    for (let i = 1; i <= 20; i++) {
      const serial = `SIM-FLEET-${String(i).padStart(2, '0')}`;
      broker.secrets.set(serial, `s${i}`);
      fleet.add({ serial, secret: `s${i}` });
    }
    fleet.start();
    const report = await fleet.connectAll();
    expect(report).toEqual({ connected: 20, failed: [] });
    await waitFor(() => fleet.machines.every((m) => on(received, m.serial, 'telemetry').length >= 2), 'telemetry from all');
    // Hiline keeps four live values: with the cycle bar, six fields and the timestamp.
    expect(Object.keys(on(received, 'SIM-FLEET-01', 'telemetry')[0] as object)).toHaveLength(7);
    expect(fleet.counters()).toMatchObject({ machines: 20, connected: 20 });

    await fleet.close();
    await waitFor(
      () =>
        fleet.machines.every(
          (m) => (on(received, m.serial, 'status').at(-1) as { online?: boolean } | undefined)?.online === false,
        ),
      'offline statuses',
    );
    for (const message of received) expect(checkDeviceMessage(message.topic, message.body)).toBeNull();
    await client.endAsync();
  });
});
