import { createRequire } from 'node:module';
import { Readable } from 'node:stream';

// aedes-persistence's in-memory store, the embedded broker's default; its modules have no types.
const require = createRequire(import.meta.url);
type TMemoryPersistence = {
  storeRetained(packet: object): Promise<void>;
  createRetainedStreamCombi(patterns: string[]): Readable;
  createRetainedStream(pattern: string): Readable;
};
const MemoryPersistence = require('aedes-persistence/asyncPersistence.js') as new (options?: object) => TMemoryPersistence;
const { CallBackPersistence } = require('aedes-persistence/callBackPersistence.js') as {
  CallBackPersistence: new (factory: (options?: object) => TMemoryPersistence, options?: object) => unknown;
};

/**
 * aedes-persistence's memory store, keeping no retained message. Only machines connect to the
 * embedded broker, and a machine may subscribe only to its own `cmd` and `error` topics, which are
 * never retained (`deviceMaySubscribe`; the server publishes them with `retain: false`): a retained
 * `status`, `versions`, `params`, `stats` or `info` could never be delivered to anyone, and the
 * server has ingested it already (`authorizePublish`). Kept, they were five packets per machine,
 * held as long as the broker ran.
 */
class NoRetainedPersistence extends MemoryPersistence {
  override async storeRetained(): Promise<void> {}

  override createRetainedStreamCombi(): Readable {
    return Readable.from([]);
  }

  override createRetainedStream(): Readable {
    return Readable.from([]);
  }
}

/** The embedded broker's persistence: in memory, as aedes' default, without retained messages. */
export function brokerPersistence(): unknown {
  return new CallBackPersistence((options) => new NoRetainedPersistence(options));
}
