import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTopic, type TDeviceMessageError, type TProductImportResponse } from '@washboard/contracts';
import { createWashboard } from '../app';
import { freshDatabase, startTestServer, testConfig, testServerOf, type TTestServer } from '../../test/harness';
import { startMosquitto } from '../../test/mosquitto';
import { ADMIN, signIn } from '../../test/accounts';
import { connectDevice, createProduct, eventually, newSerial, publish, type TProduct } from '../../test/devices';

type TStatus = { online: boolean; lastSeenAt: string | null };

/**
 * Mosquitto with deploy/mosquitto/washboard-auth (`MQTT_URL=…?deviceAuth=plugin`): a machine is
 * known to the broker by the hash stored with its product, as with the embedded broker, so an
 * import tells the broker nothing and the machine connects at once (docs/configuration.md).
 * PostgreSQL only: the plugin, inside Mosquitto, reads the server's database.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('Mosquitto with the Washboard device plugin', () => {
  let server: TTestServer;
  let admin: Record<string, string>;
  const open: MqttClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { broker: 'mosquitto-plugin' });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.endAsync(true)));
    await server?.close();
  });

  /** Imports `count` products from a CSV file and answers them with their device secrets. */
  async function importProducts(count: number): Promise<TProduct[]> {
    const rows = Array.from({ length: count }, () => `${newSerial('PLG')},WB-500,1.0.0,1.0.2,infinity,M3`);
    const res = await server.api('/api/v1/appliance/products/import', {
      method: 'POST',
      body: `serialNumber,modelNumber,fw00,fw02,gamma,ratingPower\n${rows.join('\n')}\n`,
      headers: { ...admin, 'content-type': 'text/csv' },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as TProductImportResponse).products;
  }
  async function device(product: TProduct): Promise<MqttClient> {
    const client = await connectDevice(server, product);
    open.push(client);
    return client;
  }
  const status = async (serial: string): Promise<TStatus> =>
    (
      (await (await server.api(`/api/v1/event-hub-listener/event/${serial}/lastTelemetry`, { headers: admin })).json()) as {
        status: TStatus;
      }
    ).status;
  const online = (client: MqttClient, serial: string) =>
    publish(client, serial, 'status', { online: true, systemState: 2, ts: new Date().toISOString() });

  it('lets an imported machine in with its secret at once, and stores what it sends', async () => {
    const [product] = await importProducts(3);
    if (!product) throw new Error('a product expected');
    const client = await device(product);
    await online(client, product.serialNumber);
    await eventually(async () => (await status(product.serialNumber)).online);
  });

  it('refuses a wrong secret, another machine’s secret, a client id that is not the serial number, and an unknown serial', async () => {
    const [first, second] = await importProducts(2);
    if (!first || !second) throw new Error('two products expected');
    await expect(connectDevice(server, { ...first, deviceSecret: 'not-the-secret' })).rejects.toThrow(/Not authorized/i);
    await expect(connectDevice(server, { ...first, deviceSecret: second.deviceSecret })).rejects.toThrow(/Not authorized/i);
    await expect(connectDevice(server, first, { clientId: `${first.serialNumber}-x` })).rejects.toThrow(/Not authorized/i);
    await expect(connectDevice(server, { serialNumber: newSerial('NOPE'), deviceSecret: first.deviceSecret })).rejects.toThrow(
      /Not authorized/i,
    );
  });

  it('keeps a machine to its own topics, and the server’s answers reach it', async () => {
    const [mine, other] = await importProducts(2);
    if (!mine || !other) throw new Error('two products expected');
    const client = await device(mine);
    const errors: TDeviceMessageError[] = [];
    client.on('message', (topic, payload) => {
      if (topic === deviceTopic(mine.serialNumber, 'error')) errors.push(JSON.parse(payload.toString()) as TDeviceMessageError);
    });
    // mqtt.js fails a subscription that the broker refused any of: the SUBACK says which.
    const granted = await client
      .subscribeAsync(
        [
          deviceTopic(mine.serialNumber, 'error'),
          deviceTopic(mine.serialNumber, 'cmd'),
          deviceTopic(other.serialNumber, 'cmd'),
          'wb/v1/#',
        ],
        { qos: 1 },
      )
      .then(
        (grants) => grants.map((g) => g.qos),
        (error: { packet?: { granted?: number[] } }) => error.packet?.granted,
      );
    expect(granted).toEqual([1, 1, 128, 128]);

    // Mosquitto acknowledges a refused publish and drops it. What passes the broker is what a
    // subscriber to every device topic (the server's broker user) receives; the machine's own
    // message, sent after the forged ones on the same connection, arrives after them.
    const observer = await mqtt.connectAsync(server.mosquitto?.serverUrl.replace('?deviceAuth=plugin', '') ?? '', {
      reconnectPeriod: 0,
    });
    open.push(observer);
    const passed: string[] = [];
    // Only these two machines' topics: a retained last will of another test's machine may come too.
    const ours = [mine.serialNumber, other.serialNumber].map((serial) =>
      deviceTopic(serial, 'status').slice(0, -'status'.length),
    );
    observer.on('message', (topic) => {
      if (ours.some((root) => topic.startsWith(root))) passed.push(topic);
    });
    await observer.subscribeAsync('wb/v1/#', { qos: 1 });
    await online(client, other.serialNumber);
    await client.publishAsync(deviceTopic(mine.serialNumber, 'cmd'), '{}', { qos: 1 });
    await client.publishAsync(`${deviceTopic(mine.serialNumber, 'status')}/deeper`, '{}', { qos: 1 });
    await online(client, mine.serialNumber);
    await eventually(async () => passed.length > 0);
    expect(passed).toEqual([deviceTopic(mine.serialNumber, 'status')]);
    await eventually(async () => (await status(mine.serialNumber)).online);
    expect(await status(other.serialNumber)).toMatchObject({ online: false, lastSeenAt: null });

    await publish(client, mine.serialNumber, 'event', 'not json at all');
    await eventually(async () => errors.length === 1);
    expect(errors[0]).toMatchObject({ topic: deviceTopic(mine.serialNumber, 'event'), reason: 'NOT_JSON' });
  });

  it('ends a deleted product’s connection and refuses it afterwards', async () => {
    const [product] = await importProducts(1);
    if (!product) throw new Error('a product expected');
    const client = await device(product);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const deleted = await server.api(`/api/v1/appliance/products/${product.serialNumber}`, { method: 'DELETE', headers: admin });
    expect(deleted.status).toBe(200);
    await closed;
    await expect(connectDevice(server, product)).rejects.toThrow(/Not authorized/i);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('deviceAuth=plugin when something is missing', () => {
  it('stops the server at start when the broker has no device plugin, saying what to load', async () => {
    const database = await freshDatabase();
    const mosquitto = await startMosquitto();
    try {
      const config = testConfig({ ...database.env, MQTT_URL: `${mosquitto.serverUrl}?deviceAuth=plugin` });
      await expect(createWashboard(config)).rejects.toThrow(/deviceAuth=plugin.*washboard-auth/);
    } finally {
      await mosquitto.stop();
      await database.drop();
    }
  });

  it('lets the server in and refuses machines while the plugin cannot reach the database', async () => {
    const database = await freshDatabase();
    // Nothing listens on port 1: every look-up fails at once.
    const mosquitto = await startMosquitto({ deviceDatabase: 'postgres://postgres@127.0.0.1:1/washboard?connect_timeout=2' });
    try {
      const washboard = await createWashboard(
        testConfig({ ...database.env, MQTT_URL: mosquitto.serverUrl, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
      );
      try {
        const server = testServerOf(washboard, await washboard.listen(), mosquitto.deviceUrl);
        const { headers } = await signIn(server, ADMIN.email, ADMIN.password);
        const product = await createProduct(server, headers);
        await expect(connectDevice(server, product)).rejects.toThrow(/Not authorized/i);
      } finally {
        await washboard.close();
      }
    } finally {
      await mosquitto.stop();
      await database.drop();
    }
  });
});
