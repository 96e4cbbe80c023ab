import net from 'node:net';
import type { AddressInfo } from 'node:net';
import mqttPacket from 'mqtt-packet';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { PipelinedSubscriber } from './pipelined-subscriber';

/** A broker that answers the subscriber's CONNECT and SUBSCRIBE, then does what `after` says. */
async function fakeBroker(after: (socket: net.Socket) => void) {
  const connections: net.Socket[] = [];
  const server = net.createServer((socket) => {
    connections.push(socket);
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    parser.on('packet', (packet) => {
      if (packet.cmd === 'connect') socket.write(mqttPacket.generate({ cmd: 'connack', returnCode: 0, sessionPresent: false }));
      if (packet.cmd === 'subscribe') {
        socket.write(mqttPacket.generate({ cmd: 'suback', messageId: packet.messageId, granted: [1] }));
        after(socket);
      }
    });
    socket.on('data', (data: Buffer) => parser.parse(data));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`mqtt://127.0.0.1:${port}`),
    connections,
    close: () => {
      for (const socket of connections) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe('the pipelined MQTT subscriber', () => {
  it('drops a connection whose broker sends a malformed packet, and connects again', async () => {
    // Packet type 0 is reserved: the parser emits an error, which once had no listener and ended the process.
    const broker = await fakeBroker((socket) => socket.write(Buffer.from([0x00, 0x00])));
    closers.push(broker.close);
    const subscriber = new PipelinedSubscriber({
      url: broker.url,
      clientId: 'malformed-test',
      topics: ['wb/v1/+/alarm'],
      receive: async () => {},
      log: pino({ level: 'silent' }),
    });
    closers.push(() => subscriber.close());
    await subscriber.start();
    await expect.poll(() => broker.connections.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    expect(broker.connections[0]?.destroyed).toBe(true);
  });
});
