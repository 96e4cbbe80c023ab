import net from 'node:net';
import mqtt from 'mqtt';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startBroker } from './broker';
import { StartupError } from '../startup-error';

const log = pino({ level: 'silent' });

describe('embedded broker', () => {
  it('carries a QoS 1 message from one MQTT client to another', async () => {
    const broker = await startBroker({ port: 0, host: '127.0.0.1', log });
    try {
      const subscriber = await mqtt.connectAsync(broker.url);
      const publisher = await mqtt.connectAsync(broker.url);
      await subscriber.subscribeAsync('wb/v1/test/status', { qos: 1 });
      const received = new Promise<string>((resolve) =>
        subscriber.on('message', (_topic, payload) => resolve(payload.toString())),
      );
      await publisher.publishAsync('wb/v1/test/status', '{"online":true}', { qos: 1 });
      expect(await received).toBe('{"online":true}');
      await Promise.all([subscriber.endAsync(), publisher.endAsync()]);
      expect(broker.isReady()).toBe(true);
    } finally {
      await broker.close();
    }
    expect(broker.isReady()).toBe(false);
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
