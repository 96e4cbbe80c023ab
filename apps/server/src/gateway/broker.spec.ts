import net from 'node:net';
import mqtt from 'mqtt';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { startBroker } from './broker';
import { StartupError } from '../startup-error';

const log = pino({ level: 'silent' });

describe('embedded broker', () => {
  it('carries a command to the device and the device messages to the server', async () => {
    const broker = await startBroker({ port: 0, host: '127.0.0.1', log });
    const received: string[] = [];
    try {
      await broker.attach({
        authenticate: async (serial, secret) => serial === 'SN0001' && secret === 'secret',
        receive: async (topic, payload) => {
          received.push(`${topic} ${payload.toString()}`);
        },
      });
      const device = await mqtt.connectAsync(broker.url, { clientId: 'SN0001', username: 'SN0001', password: 'secret' });
      await device.subscribeAsync('wb/v1/SN0001/cmd', { qos: 1 });
      const command = new Promise<string>((resolve) => device.on('message', (_topic, payload) => resolve(payload.toString())));
      await broker.sendCommand('SN0001', '{"id":"x"}');
      expect(await command).toBe('{"id":"x"}');
      await device.publishAsync('wb/v1/SN0001/status', '{"online":true}', { qos: 1 });
      expect(received).toEqual(['wb/v1/SN0001/status {"online":true}']);
      await device.endAsync();
      expect(broker.isReady()).toBe(true);
    } finally {
      await broker.close();
    }
    expect(broker.isReady()).toBe(false);
  });

  it("handles a device's next messages while earlier ones wait to be stored, and acknowledges each after its storage, in order", async () => {
    const broker = await startBroker({ port: 0, host: '127.0.0.1', log });
    // Each message is "stored" when the test says so.
    const pending: { body: string; store(): void; fail(): void }[] = [];
    const arrived = () => pending.map((p) => p.body);
    try {
      await broker.attach({
        authenticate: async () => true,
        receive: (_topic, payload) =>
          new Promise<void>((resolve, reject) =>
            pending.push({ body: payload.toString(), store: resolve, fail: () => reject(new Error('disk full')) }),
          ),
      });
      const device = await mqtt.connectAsync(broker.url, { clientId: 'SN0002', username: 'SN0002', password: 'x' });
      const acked: string[] = [];
      const publish = (body: string) =>
        device.publishAsync('wb/v1/SN0002/telemetry', body, { qos: 1 }).then(() => acked.push(body));
      const first = publish('1');
      await vi.waitFor(() => expect(arrived()).toEqual(['1']));
      // Sent after the first was handled, while it is not stored yet: still read and handled.
      const second = publish('2');
      const third = publish('3');
      await vi.waitFor(() => expect(arrived()).toEqual(['1', '2', '3']));
      // Stored out of order: nothing is acknowledged before the first is stored, then in order.
      pending[2]?.store();
      pending[1]?.store();
      await new Promise((r) => setTimeout(r, 100));
      expect(acked).toEqual([]);
      pending[0]?.store();
      await Promise.all([first, second, third]);
      expect(acked).toEqual(['1', '2', '3']);
      await device.endAsync();
    } finally {
      await broker.close();
    }
  });

  it('leaves a message that could not be stored unacknowledged', async () => {
    const broker = await startBroker({ port: 0, host: '127.0.0.1', log });
    let fail = true;
    const stored: string[] = [];
    try {
      await broker.attach({
        authenticate: async () => true,
        receive: async (_topic, payload) => {
          if (fail) throw new Error('disk full');
          stored.push(payload.toString());
        },
      });
      // The broker drops the connection; the client sends the unacknowledged message again.
      const device = await mqtt.connectAsync(broker.url, {
        clientId: 'SN0003',
        username: 'SN0003',
        password: 'x',
        clean: false,
        reconnectPeriod: 100,
      });
      const sent = device.publishAsync('wb/v1/SN0003/telemetry', 'kept', { qos: 1 });
      await new Promise<void>((resolve) => device.once('offline', () => resolve()));
      fail = false;
      await sent;
      expect(stored).toContain('kept');
      await device.endAsync();
    } finally {
      await broker.close();
    }
  });

  it("holds a device that connects before the server is attached, then answers it with the server's verdict", async () => {
    // After a restart every machine reconnects at once, before the server has attached its services:
    // refused, mqtt.js and many firmwares would never try again (a refusal reads as bad credentials).
    const broker = await startBroker({ port: 0, host: '127.0.0.1', log });
    try {
      const options = { clientId: 'SN0001', username: 'SN0001', reconnectPeriod: 0, connectTimeout: 10_000 };
      let settled = false;
      const early = mqtt.connectAsync(broker.url, { ...options, password: 'secret' }).finally(() => {
        settled = true;
      });
      const wrong = mqtt
        .connectAsync(broker.url, { ...options, clientId: 'SN0002', username: 'SN0002', password: 'wrong' })
        .catch((e: unknown) => e);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      await broker.attach({ authenticate: async (_serial, secret) => secret === 'secret', receive: async () => {} });
      const client = await early;
      expect(client.connected).toBe(true);
      await client.endAsync();
      expect(String(await wrong)).toMatch(/bad user ?name or password/i);
    } finally {
      await broker.close();
    }
  });

  it('stops with a message naming the taken port and the variables to change', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const error = await startBroker({ port, host: '127.0.0.1', log }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StartupError);
      expect((error as Error).message).toContain(String(port));
      expect((error as Error).message).toContain('MQTT_PORT');
      expect((error as Error).message).toContain('MQTT_URL');
    } finally {
      blocker.close();
    }
  });
});

describe.runIf(process.env.TEST_MQTT_URL)('external broker (TEST_MQTT_URL)', () => {
  it('connects and reports ready', async () => {
    const broker = await startBroker({ url: process.env.TEST_MQTT_URL, port: 0, log });
    expect(broker.kind).toBe('external');
    expect(broker.isReady()).toBe(true);
    await broker.close();
  });
});

describe('unreachable external broker', () => {
  it('stops with a message naming MQTT_URL', async () => {
    const error = await startBroker({ url: 'mqtt://127.0.0.1:1', port: 0, log }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toContain('MQTT_URL');
  });
});

describe('external broker subscription setting', () => {
  it('refuses an unknown subscription mode, and a plain subscription on several ingest connections', async () => {
    const unknown = await startBroker({ url: 'mqtt://127.0.0.1:1?subscription=exclusive', port: 0, log }).catch(
      (e: unknown) => e,
    );
    expect(unknown).toBeInstanceOf(StartupError);
    expect((unknown as Error).message).toContain('subscription=exclusive');
    const several = await startBroker({ url: 'mqtt://127.0.0.1:1?subscription=plain', port: 0, log, ingestConnections: 2 }).catch(
      (e: unknown) => e,
    );
    expect(several).toBeInstanceOf(StartupError);
    expect((several as Error).message).toContain('MQTT_INGEST_CONNECTIONS=2');
  });
});
