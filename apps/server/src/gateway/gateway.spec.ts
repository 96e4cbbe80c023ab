import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deviceTopic } from '@washboard/contracts';
import { testBroker } from '../../test/harness';
import { connectDevice, createProduct, deviceSuite, eventually, publish } from '../../test/devices';

describe(`device protocol over MQTT (${testBroker()})`, () => {
  const suite = deviceSuite();
  const { device, lastTelemetry } = suite;
  const events = async (serial: string) =>
    (await (
      await suite.server.api(`/api/v1/event-hub-listener/event/${serial}/events?startDate=2020-01-01&stopDate=2100-01-01`, {
        headers: suite.headers,
      })
    ).json()) as { id: string }[];

  it('refuses a device with a wrong secret', async () => {
    const product = await createProduct(suite.server, suite.headers);
    const error = await connectDevice(suite.server, { ...product, deviceSecret: 'not-the-secret' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toMatch(/not authorized|bad user ?name or password/i);
  });

  it('accepts the right secret and stores status and telemetry of the machine', async () => {
    const product = await createProduct(suite.server, suite.headers);
    const client = await device(product);
    const ts = new Date().toISOString();
    await publish(client, product.serialNumber, 'status', { online: true, systemState: 2, ts });
    await publish(client, product.serialNumber, 'telemetry', { ts, boilerTmp: 845, tankTmp: 621, waterTmp: 150, boilerVlm: 120 });
    const state = await eventually(async () => {
      const s = await lastTelemetry(product.serialNumber);
      return s.telemetry && s.status.online ? s : undefined;
    });
    expect(state.status.systemState).toBe(2);
    expect(state.telemetry).toMatchObject({ boilerTmp: 845, tankTmp: 621, waterTmp: 150, boilerVlm: 120 });
  });

  it('keeps only the live fields of the range (hiline: boiler and tank temperature and volume)', async () => {
    const product = await createProduct(suite.server, suite.headers, { gamma: 'hiline' });
    const client = await device(product);
    const all = {
      boilerTmp: 840,
      tankTmp: 600,
      waterTmp: 150,
      boilerVlm: 100,
      tankVlm: 300,
      rinseWaterVlm: 25,
      rinseWaterFlowRate: 900,
    };
    await publish(client, product.serialNumber, 'telemetry', { ts: new Date().toISOString(), ...all });
    const state = await eventually(async () => (await lastTelemetry(product.serialNumber)).telemetry ?? undefined);
    expect(Object.keys(state).sort()).toEqual(['boilerTmp', 'boilerVlm', 'tankTmp', 'tankVlm', 'ts']);
  });

  it('refuses publishing under another serial number, and stores nothing of it', async () => {
    const victim = await createProduct(suite.server, suite.headers);
    const intruder = await createProduct(suite.server, suite.headers);
    const client = await device(intruder);
    const closed = new Promise<boolean>((resolve) => {
      client.once('close', () => resolve(true));
      setTimeout(() => resolve(false), 1_000);
    });
    await publish(client, victim.serialNumber, 'telemetry', { ts: new Date().toISOString(), boilerTmp: 999 }, 0);
    // aedes drops the connection of a client that breaks the rules; Mosquitto silently discards.
    await closed;
    await new Promise((r) => setTimeout(r, 300));
    expect((await lastTelemetry(victim.serialNumber)).telemetry).toBeNull();
  });

  it("refuses subscribing to another machine's topics", async () => {
    const victim = await createProduct(suite.server, suite.headers);
    const intruder = await createProduct(suite.server, suite.headers);
    const client = await device(intruder);
    // The broker answers SUBACK 0x80 (failure); mqtt.js turns it into a rejection.
    const refused = await client.subscribeAsync(deviceTopic(victim.serialNumber, 'cmd'), { qos: 1 }).catch((e: unknown) => e);
    expect(String(refused)).toMatch(/subscribe error/i);
    const own = await client.subscribeAsync(deviceTopic(intruder.serialNumber, 'cmd'), { qos: 1 });
    expect(own[0]?.qos).toBe(1);
  });

  it('drops a malformed payload without harming the connection or what is stored', async () => {
    const product = await createProduct(suite.server, suite.headers);
    const client = await device(product);
    const before = suite.server.washboard.ingest.counts.malformed;
    await publish(client, product.serialNumber, 'telemetry', '{"ts": "yesterday", "boilerTmp": "hot"}');
    await publish(client, product.serialNumber, 'event', 'not json at all');
    await publish(client, product.serialNumber, 'alarm', { id: 'x', errorCode: 'OH01' });
    await eventually(async () => suite.server.washboard.ingest.counts.malformed - before === 3);
    expect(client.connected).toBe(true);
    await publish(client, product.serialNumber, 'telemetry', { ts: new Date().toISOString(), boilerTmp: 700 });
    expect((await eventually(async () => (await lastTelemetry(product.serialNumber)).telemetry))?.boilerTmp).toBe(700);
  });

  it('stores a replayed HACCP event once', async () => {
    const product = await createProduct(suite.server, suite.headers);
    const client = await device(product);
    const event = {
      id: randomUUID(),
      kind: 'cycle',
      cycleName: 'intensive',
      start: '2026-11-20T10:00:00.000Z',
      stop: '2026-11-20T10:03:00.000Z',
      measurements: { washMinTmp: 600, washMaxTmp: 640, rinseMinTmp: 820, rinseMaxTmp: 850 },
    };
    await publish(client, product.serialNumber, 'event', event);
    await publish(client, product.serialNumber, 'event', event);
    await publish(client, product.serialNumber, 'event', event);
    await eventually(async () => (await events(product.serialNumber)).length > 0);
    await new Promise((r) => setTimeout(r, 200));
    expect((await events(product.serialNumber)).map((e) => e.id)).toEqual([event.id]);
  });

  it('stores replayed telemetry once, and the new readings sent with it', async () => {
    const product = await createProduct(suite.server, suite.headers);
    const client = await device(product);
    const first = { ts: '2026-11-20T10:00:00.000Z', boilerTmp: 840 };
    const next = { ts: '2026-11-20T10:00:10.000Z', boilerTmp: 842 };
    await publish(client, product.serialNumber, 'telemetry', first);
    // A device that missed the acknowledgement sends the message again, then goes on.
    await publish(client, product.serialNumber, 'telemetry', first);
    await publish(client, product.serialNumber, 'telemetry', next);
    const stored = async () =>
      (
        await suite.server.washboard.database.transaction((sql) =>
          sql.query<{ ts: Date }>('select ts from telemetry where serial_number = $1 order by ts', [product.serialNumber]),
        )
      ).rows.map((r) => new Date(r.ts).toISOString());
    expect(await eventually(async () => ((await stored()).length === 2 ? stored() : undefined))).toEqual([first.ts, next.ts]);
    await new Promise((r) => setTimeout(r, 200));
    expect(await stored()).toEqual([first.ts, next.ts]);
  });

  // With aedes the suite.server is the broker: the device's PUBACK means stored. With Mosquitto the broker
  // acknowledges the device, and the suite.server acknowledges the broker only once stored (redelivery).
  it('acknowledges a QoS 1 message only once it is stored', async () => {
    const product = await createProduct(suite.server, suite.headers);
    const client = await device(product);
    const id = randomUUID();
    await publish(client, product.serialNumber, 'alarm', {
      id,
      errorCode: 'OH01',
      startDate: new Date().toISOString(),
      stopDate: null,
    });
    const alarms = async () => {
      const res = await suite.server.api(
        `/api/v1/event-hub-listener/event/${product.serialNumber}/alarms?startDate=2020-01-01&stopDate=2100-01-01`,
        { headers: suite.headers },
      );
      return ((await res.json()) as { id: string }[]).map((a) => a.id);
    };
    // Embedded: no polling, the PUBACK itself says it is in the database.
    const stored =
      testBroker() === 'embedded' ? await alarms() : await eventually(async () => (await alarms()).length > 0 && alarms());
    expect(stored).toEqual([id]);
  });

  it('shows a machine offline within seconds of its connection dropping (last will)', async () => {
    const product = await createProduct(suite.server, suite.headers);
    const client = await device(product);
    await publish(client, product.serialNumber, 'status', { online: true, systemState: 2, ts: new Date().toISOString() });
    await eventually(async () => (await lastTelemetry(product.serialNumber)).status.online);
    const dropped = Date.now();
    client.stream.destroy();
    await eventually(async () => !(await lastTelemetry(product.serialNumber)).status.online, 5_000);
    expect(Date.now() - dropped).toBeLessThan(5_000);
    const after = await lastTelemetry(product.serialNumber);
    expect(after.status.systemState).toBe(2);
  });
});
