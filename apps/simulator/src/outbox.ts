import type { TDeviceTopic } from '@washboard/contracts';
import type { TDelivery } from './device-message';

/** A QoS 1 message waiting for its PUBACK. `sentOn` is the connection it was last written to. */
export type TOutboxEntry = {
  topic: TDeviceTopic;
  body: string;
  qos: 0 | 1;
  retain: boolean;
  keep: TDelivery['keep'];
  sentOn: object | null;
};

/**
 * The machine's own store of records not yet acknowledged by the broker. mqtt.js keeps unacked
 * messages only as long as its client object lives; this outbox outlives connections, so HACCP
 * events, alarms and results written while offline — or lost with a connection mid-flight — are
 * sent again after the next connect. A message leaves only on its PUBACK. Replays are harmless:
 * every record carries its own id.
 */
export class Outbox {
  private readonly entries: TOutboxEntry[] = [];
  private readonly acknowledgedListeners = new Set<(entry: TOutboxEntry) => void>();
  private droppedCount = 0;

  /** @param limit records kept at most; beyond it the oldest record is dropped (a real controller has finite memory too) */
  constructor(private readonly limit = 1000) {}

  get size(): number {
    return this.entries.length;
  }

  /** Records dropped because the outbox was full. */
  get dropped(): number {
    return this.droppedCount;
  }

  /** Queues a message; a state topic (`keep: 'latest'`) replaces its older, unsent value. */
  put(topic: TDeviceTopic, body: string, delivery: TDelivery): TOutboxEntry {
    if (delivery.keep === 'latest') {
      const older = this.entries.findIndex((entry) => entry.topic === topic);
      if (older >= 0) this.entries.splice(older, 1);
    }
    const entry: TOutboxEntry = { topic, body, qos: delivery.qos, retain: delivery.retain, keep: delivery.keep, sentOn: null };
    this.entries.push(entry);
    if (this.entries.length > this.limit) {
      const oldest = this.entries.findIndex((candidate) => candidate.keep === 'all');
      this.entries.splice(oldest >= 0 ? oldest : 0, 1);
      this.droppedCount += 1;
    }
    return entry;
  }

  /** Entries not yet written to this connection, oldest first. */
  unsentOn(connection: object): TOutboxEntry[] {
    return this.entries.filter((entry) => entry.sentOn !== connection);
  }

  /** The broker acknowledged the entry: it is delivered. */
  acknowledge(entry: TOutboxEntry): void {
    const index = this.entries.indexOf(entry);
    if (index < 0) return;
    this.entries.splice(index, 1);
    for (const listener of this.acknowledgedListeners) listener(entry);
  }

  /** Tells `listener` of every record the broker acknowledged (once each); returns the unsubscribe function. */
  onAcknowledged(listener: (entry: TOutboxEntry) => void): () => void {
    this.acknowledgedListeners.add(listener);
    return () => this.acknowledgedListeners.delete(listener);
  }

  /** Writing failed: send it again on the next connection. */
  release(entry: TOutboxEntry): void {
    entry.sentOn = null;
  }

  /** Topics waiting, for tests and diagnostics. */
  topics(): TDeviceTopic[] {
    return this.entries.map((entry) => entry.topic);
  }
}
