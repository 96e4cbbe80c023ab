import { createRequire } from 'node:module';
import { Readable } from 'node:stream';

// aedes-persistence's in-memory store, the embedded broker's default; its modules have no types.
const require = createRequire(import.meta.url);
type TPacket = { topic: string; payload: Buffer | string };
type TMemoryPersistence = {
  storeRetained(packet: TPacket): Promise<void>;
  createRetainedStreamCombi(patterns: string[]): Readable;
  createRetainedStream(pattern: string): Readable;
};
const MemoryPersistence = require('aedes-persistence/asyncPersistence.js') as new (options?: object) => TMemoryPersistence;
const { CallBackPersistence } = require('aedes-persistence/callBackPersistence.js') as {
  CallBackPersistence: new (factory: (options?: object) => TMemoryPersistence, options?: object) => unknown;
};

type TNode = { packet?: TPacket; children: Map<string, TNode> };

const node = (): TNode => ({ children: new Map() });

/**
 * Retained messages by topic level. Every machine retains its status (and more) and subscribes to
 * its own command topics when it connects; aedes-persistence answered each subscription by testing
 * every retained topic of the broker against it, so connecting N machines cost N² tests: 25,000
 * machines took many minutes, the server at a full core (docs/benchmarks.md, "Fleet"). Walking the
 * levels touches only the topics a pattern can match.
 */
export class RetainedTree {
  private readonly root = node();

  store(packet: TPacket): void {
    const levels = packet.topic.split('/');
    if (packet.payload.length === 0) {
      this.remove(this.root, levels, 0);
      return;
    }
    let at = this.root;
    for (const level of levels) {
      let next = at.children.get(level);
      if (!next) at.children.set(level, (next = node()));
      at = next;
    }
    at.packet = packet;
  }

  /** Removes the topic's packet and the nodes left empty; answers whether `at` is empty now. */
  private remove(at: TNode, levels: string[], i: number): boolean {
    if (i === levels.length) at.packet = undefined;
    else {
      const level = levels[i] as string;
      const child = at.children.get(level);
      if (child && this.remove(child, levels, i + 1)) at.children.delete(level);
    }
    return !at.packet && at.children.size === 0;
  }

  /** The retained packets whose topic matches the MQTT filter `pattern` (`+` one level, `#` the rest, the parent included). */
  *match(pattern: string): Generator<TPacket> {
    yield* this.walk(this.root, pattern.split('/'), 0);
  }

  private *walk(at: TNode, levels: string[], i: number): Generator<TPacket> {
    if (i === levels.length) {
      if (at.packet) yield at.packet;
      return;
    }
    const level = levels[i] as string;
    if (level === '#') yield* this.all(at);
    else if (level === '+') {
      // As aedes-persistence's matcher (qlobber): `+` does not match an empty level.
      for (const [name, child] of at.children) if (name !== '') yield* this.walk(child, levels, i + 1);
    } else {
      const child = at.children.get(level);
      if (child) yield* this.walk(child, levels, i + 1);
    }
  }

  private *all(at: TNode): Generator<TPacket> {
    if (at.packet) yield at.packet;
    for (const child of at.children.values()) yield* this.all(child);
  }
}

/** aedes-persistence's memory store with its retained messages in a `RetainedTree`. */
class TreeRetainedPersistence extends MemoryPersistence {
  private readonly retained = new RetainedTree();

  override async storeRetained(packet: TPacket): Promise<void> {
    this.retained.store({ ...packet });
  }

  override createRetainedStreamCombi(patterns: string[]): Readable {
    const retained = this.retained;
    return Readable.from(
      (function* () {
        for (const pattern of patterns) yield* retained.match(pattern);
      })(),
    );
  }

  override createRetainedStream(pattern: string): Readable {
    return Readable.from(this.retained.match(pattern));
  }
}

/** The embedded broker's persistence: in memory, as aedes' default, with retained messages by level. */
export function brokerPersistence(): unknown {
  return new CallBackPersistence((options) => new TreeRetainedPersistence(options));
}
