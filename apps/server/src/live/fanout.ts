import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Delivery of server events to every server instance: in process with one instance, through
 * Redis pub/sub when REDIS_URL is set (each instance then sees what any instance ingested).
 */
export type TFanout = {
  kind: 'in-process' | 'redis';
  publish(channel: string, payload: string): void;
  subscribe(channel: string, handler: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
  /** Called after a lost connection came back: what was published meanwhile never arrived. */
  onReconnect?(handler: () => void): void;
};

export function inProcessFanout(): TFanout {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'in-process',
    publish: (channel, payload) => emitter.emit(channel, payload),
    subscribe: async (channel, handler) => {
      emitter.on(channel, handler);
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

export async function redisFanout(url: string, log: FastifyBaseLogger): Promise<TFanout> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 3 };
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  await Promise.all([pub.connect(), sub.connect()]);
  const handlers = new Map<string, (payload: string) => void>();
  sub.on('message', (channel: string, payload: string) => {
    // A message nobody of ours could have sent (anyone who may publish to Redis) is passed over:
    // thrown here, it would end the process of every instance.
    try {
      handlers.get(channel)?.(payload);
    } catch (error) {
      log.warn({ err: error, channel }, 'a fan-out message could not be handled; passed over');
    }
  });
  for (const client of [pub, sub])
    client.on('error', (error: Error) => log.warn({ err: error.message }, 'redis connection problem'));
  const reconnected = new Set<() => void>();
  let lost = false;
  sub.on('close', () => (lost = true));
  sub.on('ready', () => {
    if (!lost) return;
    lost = false;
    log.info('redis connection back: dropping what missed messages may have made stale');
    for (const handler of reconnected) handler();
  });
  return {
    kind: 'redis',
    publish: (channel, payload) => {
      pub.publish(channel, payload).catch((error: unknown) => log.error({ err: error }, 'redis publish failed'));
    },
    subscribe: async (channel, handler) => {
      handlers.set(channel, handler);
      await sub.subscribe(channel);
    },
    close: async () => {
      reconnected.clear();
      await Promise.all([pub.quit(), sub.quit()]);
    },
    onReconnect: (handler) => reconnected.add(handler),
  };
}
