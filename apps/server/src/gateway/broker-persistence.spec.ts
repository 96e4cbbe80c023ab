import type { Readable } from 'node:stream';
import { Aedes } from 'aedes';
import { describe, expect, it } from 'vitest';
import { deviceTopic } from '@washboard/contracts';
import { brokerPersistence } from './broker-persistence';

describe("the embedded broker's persistence", () => {
  it('keeps no retained message: nobody may subscribe to the topics machines retain', async () => {
    const persistence = brokerPersistence() as { createRetainedStream(pattern: string): Readable };
    const aedes = await Aedes.createBroker({ persistence: persistence as never });
    try {
      for (const topic of ['status', 'versions', 'params', 'stats', 'info'] as const) {
        await new Promise<void>((resolve, reject) =>
          aedes.publish(
            { cmd: 'publish', topic: deviceTopic('SN-1', topic), payload: Buffer.from('{}'), qos: 1, retain: true, dup: false },
            (error) => (error ? reject(error) : resolve()),
          ),
        );
      }
      const kept: unknown[] = [];
      for await (const packet of persistence.createRetainedStream('#')) kept.push(packet);
      expect(kept).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    }
  });
});
