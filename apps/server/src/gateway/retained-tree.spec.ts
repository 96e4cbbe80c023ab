import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { RetainedTree } from './retained-tree';

type TPacket = { topic: string; payload: Buffer };
const require = createRequire(import.meta.url);
const MemoryPersistence = require('aedes-persistence/asyncPersistence.js') as new () => {
  storeRetained(packet: TPacket): Promise<void>;
  createRetainedStream(pattern: string): Readable;
};

const TOPICS = [
  'wb/v1/A1/status',
  'wb/v1/A1/versions',
  'wb/v1/A1/cmd/x',
  'wb/v1/B2/status',
  'wb/v1/B2',
  'wb',
  'a//b',
  '$SYS/x',
  'other/A1/status',
];
const PATTERNS = [
  '#',
  'wb/#',
  'wb/v1/A1/#',
  'wb/v1/+/status',
  '+/v1/+/status',
  'wb/v1/B2/#',
  'wb/v1/+',
  'a/+/b',
  '+/#',
  'wb/v1/A1/cmd/#',
  'nothing/#',
  'wb',
];

async function topicsOf(stream: Readable): Promise<string[]> {
  const topics: string[] = [];
  for await (const packet of stream) topics.push((packet as TPacket).topic);
  return topics.sort();
}

describe('retained messages by topic level', () => {
  it("matches every filter exactly as aedes-persistence's memory store, also after a message is cleared", async () => {
    const reference = new MemoryPersistence();
    const tree = new RetainedTree();
    const store = async (topic: string, payload: string) => {
      await reference.storeRetained({ topic, payload: Buffer.from(payload) });
      tree.store({ topic, payload: Buffer.from(payload) });
    };
    for (const topic of TOPICS) await store(topic, `retained ${topic}`);
    const compare = async () => {
      for (const pattern of PATTERNS) {
        expect([...tree.match(pattern)].map((p) => p.topic).sort(), pattern).toEqual(
          await topicsOf(reference.createRetainedStream(pattern)),
        );
      }
    };
    await compare();
    // An empty retained message clears the topic (MQTT 3.1.1 §3.3.1.3).
    await store('wb/v1/A1/status', '');
    await store('wb/v1/B2', '');
    await compare();
    expect([...tree.match('wb/v1/A1/status')]).toEqual([]);
  });
});
