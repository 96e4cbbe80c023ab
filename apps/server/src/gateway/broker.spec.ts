import net from 'node:net';
import mqtt from 'mqtt';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
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

  it('refuses every device until the server is attached', async () => {
    const broker = await startBroker({ port: 0, host: '127.0.0.1', log });
    try {
      const error = await mqtt
        .connectAsync(broker.url, { clientId: 'SN0001', username: 'SN0001', password: 'secret', reconnectPeriod: 0 })
        .catch((e: unknown) => e);
      expect(String(error)).toMatch(/bad user ?name or password/i);
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
