import { afterEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import type { TLiveTelemetry } from '@washboard/contracts';
import {
  DeviceBatcher,
  TelemetryReplay,
  type TDeviceBatch,
  type TDeviceBatcherOptions,
  type TDeviceStore,
  type TTelemetryRows,
} from './device-batcher';
import type { TPresenceChange } from './presence.repository';
import { deviceStats } from '../../test/devices';

// The batching alone, against a store that records what it is given and commits when the test says:
// the statements themselves are covered against a database by device-message.repository.spec.ts.

class RecordedRows implements TTelemetryRows {
  readonly rows: string[] = [];
  add(serial: string, t: TLiveTelemetry): void {
    this.rows.push(`${serial} ${t.ts}`);
  }
}

type TWrite = {
  batch: TDeviceBatch<RecordedRows>;
  heard: string[];
  replay: boolean;
  commit(revived?: TPresenceChange[]): void;
  fail(error: unknown): void;
};

/** Records every write; each stays open until `commit` or `fail` (or commits at once when `auto`). */
class RecordingStore implements TDeviceStore<RecordedRows> {
  readonly writes: TWrite[] = [];
  constructor(private readonly auto = false) {}

  telemetryRows(): RecordedRows {
    return new RecordedRows();
  }

  write(batch: TDeviceBatch<RecordedRows>, heard: ReadonlySet<string>, replay: boolean): Promise<TPresenceChange[]> {
    return new Promise((resolve, reject) => {
      this.writes.push({ batch, heard: [...heard].sort(), replay, commit: (revived = []) => resolve(revived), fail: reject });
      if (this.auto) resolve([]);
    });
  }

  /** Waits until the batcher handed over `count` batches (its timer runs meanwhile). */
  async written(count: number): Promise<void> {
    for (let tries = 0; this.writes.length < count; tries += 1) {
      if (tries === 200) throw new Error(`${this.writes.length} writes, not ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }

  /** The write made `index`th, which the test expects to exist. */
  at(index: number): TWrite {
    const write = this.writes[index];
    if (!write) throw new Error(`no write #${index} (${this.writes.length} made)`);
    return write;
  }
}

/** Lets the current event-loop turn end: timers aside, everything scheduled so far has run. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A promise's state, readable without awaiting it. */
function track(promise: Promise<void>) {
  const state: { is: 'pending' | 'resolved' | 'rejected'; error?: unknown } = { is: 'pending' };
  promise.then(
    () => (state.is = 'resolved'),
    (error: unknown) => Object.assign(state, { is: 'rejected', error }),
  );
  return state;
}

const log = pino({ level: 'silent' });
const at = (second: number) => new Date(Date.UTC(2026, 10, 1, 8, 0, second)).toISOString();
const telemetry = (second: number, boilerTmp = 800): TLiveTelemetry => ({ ts: at(second), boilerTmp });

function setUp(options: TDeviceBatcherOptions = {}, auto = false) {
  const store = new RecordingStore(auto);
  return { store, batcher: new DeviceBatcher(store, log, { maxDelayMs: 5, ...options }) };
}

describe('DeviceBatcher', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('batching', () => {
    it('writes a full batch at the end of the turn, with every message that turn brought', async () => {
      const { store, batcher } = setUp({ maxBatch: 3, maxDelayMs: 60_000 });
      for (let second = 1; second <= 5; second += 1) void batcher.writeTelemetry('BATCH1', telemetry(second));
      expect(batcher.queued).toBe(5);
      expect(store.writes).toHaveLength(0);
      await turn();
      expect(store.writes).toHaveLength(1);
      expect(store.at(0).batch.size).toBe(5);
      expect(store.at(0).batch.telemetry.rows).toEqual([1, 2, 3, 4, 5].map((s) => `BATCH1 ${at(s)}`));
      expect(batcher.queued).toBe(0);
    });

    it('writes a batch that is not full once no message came for quietMs', async () => {
      vi.useFakeTimers();
      const { store, batcher } = setUp({ maxBatch: 100, quietMs: 2, maxDelayMs: 20 });
      void batcher.writeTelemetry('BATCH2', telemetry(1));
      vi.advanceTimersByTime(1);
      void batcher.writeTelemetry('BATCH2', telemetry(2));
      // Looked at 2 ms (a message had come) and at 4 ms (none since): written then.
      vi.advanceTimersByTime(2);
      expect(store.writes).toHaveLength(0);
      vi.advanceTimersByTime(1);
      expect(store.writes).toHaveLength(1);
      expect(store.at(0).batch.size).toBe(2);
    });

    it('writes a batch whose messages keep coming once its first message waited maxDelayMs', async () => {
      vi.useFakeTimers();
      const { store, batcher } = setUp({ maxBatch: 100, quietMs: 2, maxDelayMs: 20 });
      for (let ms = 0; ms < 19; ms += 1) {
        void batcher.writeTelemetry('BATCH2', telemetry(ms));
        vi.advanceTimersByTime(1);
      }
      void batcher.writeTelemetry('BATCH2', telemetry(19));
      expect(store.writes).toHaveLength(0);
      vi.advanceTimersByTime(1);
      expect(store.writes).toHaveLength(1);
      expect(store.at(0).batch.size).toBe(20);
    });

    it('writes what waited through the previous write once it commits, and the rest when its first message waited maxDelayMs', async () => {
      vi.useFakeTimers();
      // Looked at every 20 ms: the batches wait for maxDelayMs, not for a quiet moment.
      const { store, batcher } = setUp({ maxBatch: 100, quietMs: 20, maxDelayMs: 20 });
      void batcher.writeTelemetry('BATCH2', telemetry(1));
      await vi.advanceTimersByTimeAsync(20);
      expect(store.writes).toHaveLength(1);
      // Arrives while the first batch is written, which takes 30 ms.
      void batcher.writeTelemetry('BATCH2', telemetry(2));
      await vi.advanceTimersByTimeAsync(30);
      store.at(0).commit();
      await vi.advanceTimersByTimeAsync(0);
      expect(store.writes).toHaveLength(2);
      // Arrives 15 ms before the second write commits: written 5 ms after that commit.
      await vi.advanceTimersByTimeAsync(5);
      void batcher.writeTelemetry('BATCH2', telemetry(3));
      await vi.advanceTimersByTimeAsync(15);
      store.at(1).commit();
      await vi.advanceTimersByTimeAsync(4);
      expect(store.writes).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(store.writes).toHaveLength(3);
      expect(store.at(2).batch.telemetry.rows).toEqual([`BATCH2 ${at(3)}`]);
    });

    it('writes one batch at a time: what arrives meanwhile waits for the commit, in the next batch', async () => {
      const { store, batcher } = setUp({ maxBatch: 2 });
      const first = [batcher.writeTelemetry('BATCH3', telemetry(1)), batcher.writeTelemetry('BATCH3', telemetry(2))];
      await turn();
      const second = [batcher.writeTelemetry('BATCH3', telemetry(3)), batcher.writeTelemetry('BATCH3', telemetry(4))];
      await turn();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(store.writes).toHaveLength(1);
      store.at(0).commit();
      await Promise.all(first);
      await turn();
      expect(store.writes).toHaveLength(2);
      expect(store.at(1).batch.telemetry.rows).toEqual([`BATCH3 ${at(3)}`, `BATCH3 ${at(4)}`]);
      store.at(1).commit();
      await Promise.all(second);
      expect(batcher.committed.telemetry).toBe(4);
    });
  });

  describe('closeBatch', () => {
    it('writes what the turn brought at once, whatever its size or age, and answers when the store has it', async () => {
      const { store, batcher } = setUp({ maxBatch: 100, quietMs: 60_000, maxDelayMs: 60_000 });
      void batcher.writeTelemetry('CLOSE1', telemetry(1));
      const closed = track(batcher.closeBatch());
      // Handed over later in the same turn (as the ingestion does, after its checks): still in.
      queueMicrotask(() => void batcher.writeTelemetry('CLOSE1', telemetry(2)));
      await turn();
      await turn();
      expect(store.writes).toHaveLength(1);
      expect(store.at(0).batch.telemetry.rows).toEqual([`CLOSE1 ${at(1)}`, `CLOSE1 ${at(2)}`]);
      expect(closed.is).toBe('resolved');
    });

    it('writes a closed batch as soon as the one being written commits, and answers only then', async () => {
      const { store, batcher } = setUp({ maxBatch: 100, quietMs: 60_000, maxDelayMs: 60_000 });
      const first = batcher.writeTelemetry('CLOSE2', telemetry(1));
      await batcher.closeBatch();
      const second = track(batcher.writeTelemetry('CLOSE2', telemetry(2)));
      const closed = track(batcher.closeBatch());
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(store.writes).toHaveLength(1);
      expect(closed.is).toBe('pending');
      // What arrives after the close, before the first commit, goes with the closed batch.
      void batcher.writeTelemetry('CLOSE2', telemetry(3));
      store.at(0).commit();
      await first;
      await turn();
      expect(store.writes).toHaveLength(2);
      expect(store.at(1).batch.telemetry.rows).toEqual([`CLOSE2 ${at(2)}`, `CLOSE2 ${at(3)}`]);
      expect(closed.is).toBe('resolved');
      expect(second.is).toBe('pending');
      store.at(1).commit();
      await turn();
      expect(second.is).toBe('resolved');
    });

    it('answers at the end of the turn when nothing is waiting, and writes nothing', async () => {
      const { store, batcher } = setUp({ maxBatch: 100, quietMs: 60_000, maxDelayMs: 60_000 });
      const closed = track(batcher.closeBatch());
      await turn();
      await turn();
      expect(closed.is).toBe('resolved');
      expect(store.writes).toHaveLength(0);
    });
  });

  describe('acknowledgement', () => {
    it('resolves a message only once the store committed its batch, after telling onCommit', async () => {
      const told: string[] = [];
      const { store, batcher } = setUp({
        onCommit: (serials) => told.push(`commit ${[...serials].join()}`),
        onBatch: (outcome) => told.push(outcome),
      });
      const message = track(batcher.writeStatus('ACK1', statusOnline(1)).then(() => void told.push('resolved')));
      await store.written(1);
      await turn();
      expect(message.is).toBe('pending');
      store.at(0).commit();
      await turn();
      expect(message.is).toBe('resolved');
      expect(told).toEqual(['commit ACK1', 'committed', 'resolved']);
    });

    it('rejects every message of a failed batch, counts none of it, and goes on with the next batch', async () => {
      const outcomes: string[] = [];
      const { store, batcher } = setUp({ onBatch: (outcome) => outcomes.push(outcome) });
      const failed = [track(batcher.writeTelemetry('FAIL1', telemetry(1))), track(batcher.writeEvent('FAIL1', event()))];
      await store.written(1);
      const refusal = new Error('value out of range');
      store.at(0).fail(refusal);
      await turn();
      expect(failed.map((m) => [m.is, m.error])).toEqual([
        ['rejected', refusal],
        ['rejected', refusal],
      ]);
      expect(store.writes).toHaveLength(1);
      expect(batcher.committed).toEqual({ telemetry: 0, events: 0, alarms: 0, status: 0 });

      const next = batcher.writeTelemetry('FAIL1', telemetry(2));
      await store.written(2);
      store.at(1).commit();
      await next;
      expect(store.at(1).replay).toBe(false);
      expect(outcomes).toEqual(['failed', 'committed']);
      expect(batcher.committed.telemetry).toBe(1);
    });

    it('writes an isolated message in a batch of its own, before the open batch and after the one being written', async () => {
      const { store, batcher } = setUp({ maxDelayMs: 60_000, quietMs: 60_000 });
      const first = track(batcher.writeTelemetry('ALONE1', telemetry(1)));
      await batcher.closeBatch();
      const waiting = track(batcher.writeTelemetry('ALONE1', telemetry(2)));
      const alone = track(batcher.isolated(1, () => batcher.writeEvent('ALONE1', event())));
      const after = track(batcher.writeTelemetry('ALONE1', telemetry(3)));
      expect(batcher.queued).toBe(2);
      // One write at a time: the isolated batch goes once the one being written committed.
      store.at(0).commit();
      await store.written(2);
      expect([store.at(1).batch.size, store.at(1).batch.events.length, store.at(1).batch.telemetryRows]).toEqual([1, 1, 0]);
      store.at(1).fail(new Error('refused alone'));
      await turn();
      expect([first.is, alone.is, waiting.is, after.is]).toEqual(['resolved', 'rejected', 'pending', 'pending']);
      // Then the open batch, with everything else, which the isolated failure did not touch.
      await batcher.closeBatch();
      await store.written(3);
      expect(store.at(2).batch.telemetryRows).toBe(2);
      store.at(2).commit();
      await turn();
      expect([waiting.is, after.is]).toEqual(['resolved', 'resolved']);
    });

    it('writes the messages of a batch refused on its data again alone, in the order they came, before the open batch', async () => {
      const { store, batcher } = setUp({ maxDelayMs: 0 });
      const refused = Object.assign(new Error('value out of range'), { code: '22003' });
      const failed = [batcher.writeStatus('ORDER1', statusOnline(1)), batcher.writeStatus('ORDER1', statusOnline(2))];
      await store.written(1);
      // Waiting long enough to go at once, were nothing held back.
      const later = track(batcher.writeTelemetry('ORDER1', telemetry(3)));
      store.at(0).fail(refused);
      // Their retries are queued as each rejection is handled, in whatever order that is.
      await Promise.allSettled(failed);
      void batcher.isolated(2, () => batcher.writeStatus('ORDER1', statusOnline(2)));
      void batcher.isolated(1, () => batcher.writeStatus('ORDER1', statusOnline(1)));
      await store.written(2);
      expect(store.at(1).batch.status.get('ORDER1')?.ts).toBe(at(1));
      store.at(1).commit();
      await store.written(3);
      expect(store.at(2).batch.status.get('ORDER1')?.ts).toBe(at(2));
      expect(later.is).toBe('pending');
      store.at(2).commit();
      await store.written(4);
      expect(store.at(3).batch.telemetryRows).toBe(1);
      store.at(3).commit();
      await batcher.drain();
      expect(later.is).toBe('resolved');
    });

    it('holds the open batch after a refused batch of one message too, and drains through the hold', async () => {
      const { store, batcher } = setUp({ maxDelayMs: 0 });
      const refused = Object.assign(new Error('duplicate key'), { code: '23505' });
      const failed = batcher.writeStatus('HOLD1', statusOnline(1));
      await store.written(1);
      const later = track(batcher.writeStatus('HOLD1', statusOnline(2)));
      store.at(0).fail(refused);
      // Its retry (which may go in: a race's refusal) is queued a few steps after the rejection, as the
      // ingest service's is (its write's own handlers, then receive's await and catch).
      const retried = failed.catch(async () => {
        for (let step = 0; step < 4; step += 1) await Promise.resolve();
        void batcher.isolated(1, () => batcher.writeStatus('HOLD1', statusOnline(1)));
      });
      await retried;
      const drained = batcher.drain();
      await store.written(2);
      expect(store.at(1).batch.status.get('HOLD1')?.ts).toBe(at(1));
      store.at(1).commit();
      await store.written(3);
      expect(store.at(2).batch.status.get('HOLD1')?.ts).toBe(at(2));
      store.at(2).commit();
      await drained;
      expect(later.is).toBe('resolved');
    });

    it('writes a batch repeating stored telemetry again, the replay way, before acknowledging it', async () => {
      const { store, batcher } = setUp();
      const message = track(batcher.writeTelemetry('REPLAY1', telemetry(1)));
      await store.written(1);
      store.at(0).fail(new TelemetryReplay(new Error('duplicate key')));
      await turn();
      expect(store.writes.map((w) => w.replay)).toEqual([false, true]);
      expect(store.at(1).batch).toBe(store.at(0).batch);
      expect(message.is).toBe('pending');
      store.at(1).commit();
      await turn();
      expect(message.is).toBe('resolved');
      expect(batcher.replays).toBe(1);
      expect(batcher.committed.telemetry).toBe(1);
    });

    it('rejects the batch when its replay fails too, without a third try', async () => {
      const { store, batcher } = setUp();
      const message = track(batcher.writeTelemetry('REPLAY2', telemetry(1)));
      await store.written(1);
      store.at(0).fail(new TelemetryReplay(new Error('duplicate key')));
      await turn();
      const refusal = new Error('connection lost');
      store.at(1).fail(refusal);
      await turn();
      expect(message).toEqual({ is: 'rejected', error: refusal });
      expect(store.writes).toHaveLength(2);
    });
  });

  describe('drain', () => {
    it('writes what is pending without waiting for the timer, and what arrived during the write', async () => {
      const { store, batcher } = setUp({ maxDelayMs: 60_000 }, true);
      const first = track(batcher.writeTelemetry('DRAIN1', telemetry(1)));
      const draining = batcher.drain();
      const second = track(batcher.writeTelemetry('DRAIN1', telemetry(2)));
      await draining;
      expect(store.writes.map((w) => w.batch.telemetry.rows)).toEqual([[`DRAIN1 ${at(1)}`], [`DRAIN1 ${at(2)}`]]);
      await turn();
      expect([first.is, second.is]).toEqual(['resolved', 'resolved']);
      expect(batcher.queued).toBe(0);
    });

    it('ends even when the batch fails', async () => {
      const { store, batcher } = setUp({ maxDelayMs: 60_000 });
      void batcher.writeTelemetry('DRAIN2', telemetry(1)).catch(() => {});
      const draining = batcher.drain();
      await turn();
      store.at(0).fail(new Error('disk full'));
      await draining;
      expect(batcher.queued).toBe(0);
    });
  });

  describe('a batch', () => {
    it('keeps one row per machine and alarm, the newest telemetry, and every event and stats report', async () => {
      const { store, batcher } = setUp();
      const alarm = { id: '5b0c8f7e-2d7c-4a53-9d35-0a4a3c1d2e01', errorCode: 'W01', startDate: at(10) };
      const stats = deviceStats(at(3));
      void batcher.writeTelemetry('MERGE1', telemetry(2, 802));
      void batcher.writeTelemetry('MERGE1', telemetry(1, 801));
      void batcher.writeStatus('MERGE1', { ...statusOnline(1), hasState: true, systemState: 4 });
      void batcher.writeStatus('MERGE1', { ...statusOnline(2), online: false, hasState: false, systemState: null });
      void batcher.writeAlarm('MERGE1', { ...alarm, stopDate: null });
      void batcher.writeAlarm('MERGE1', { ...alarm, stopDate: at(40) });
      void batcher.writeAlarm('MERGE1', { ...alarm, stopDate: null });
      void batcher.writeEvent('MERGE1', event());
      void batcher.writeEvent('MERGE1', event());
      void batcher.writeColumns('MERGE1', { stats });
      void batcher.writeColumns('MERGE1', { stats, versions: { fw00: '3.2.0', fw02: '1', connectivity: '1', control: '1' } });
      await store.written(1);
      const { batch } = store.at(0);
      expect(batch.size).toBe(11);
      expect(batch.telemetryRows).toBe(2);
      expect(batch.latestTelemetry.get('MERGE1')?.boilerTmp).toBe(802);
      // A will after a full status: offline, keeping the state the status carried.
      expect(batch.status.get('MERGE1')).toMatchObject({ online: false, systemState: 4, ts: at(2) });
      expect([...batch.alarms.values()]).toEqual([{ serial: 'MERGE1', a: { ...alarm, stopDate: at(40) } }]);
      expect(batch.events).toHaveLength(2);
      expect(batch.stats).toHaveLength(2);
      expect(Object.keys(batch.columns.get('MERGE1') ?? {}).sort()).toEqual(['stats', 'versions']);
    });

    it('keeps firmware progress moving forward among the reports of one batch', async () => {
      const { store, batcher } = setUp();
      const report = (perc: number, inProg: boolean) => ({ perc, inProg, version: '9.0.0' });
      void batcher.writeColumns('FOTA1', { fota: report(100, false) });
      void batcher.writeColumns('FOTA1', { fota: report(95, true) });
      void batcher.writeColumns('FOTA2', { fota: report(40, true) });
      void batcher.writeColumns('FOTA2', { fota: report(60, true) });
      await store.written(1);
      const { columns } = store.at(0).batch;
      expect(columns.get('FOTA1')?.fota).toEqual(report(100, false));
      expect(columns.get('FOTA2')?.fota).toEqual(report(60, true));
    });

    it('tells the store and onCommit every machine heard, and onRevived those the store brought back', async () => {
      const committed: string[][] = [];
      const revived: TPresenceChange[][] = [];
      const { store, batcher } = setUp({
        onCommit: (serials) => committed.push([...serials].sort()),
        onRevived: (changes) => revived.push(changes),
      });
      const done = Promise.all([
        batcher.writeTelemetry('HEARD1', telemetry(1)),
        batcher.writeStatus('HEARD2', statusOnline(1)),
        batcher.writeEvent('HEARD3', event()),
        batcher.writeAlarm('HEARD4', {
          id: '5b0c8f7e-2d7c-4a53-9d35-0a4a3c1d2e02',
          errorCode: 'W01',
          startDate: at(1),
          stopDate: null,
        }),
        batcher.writeColumns('HEARD5', { versions: { fw00: '1', fw02: '1', connectivity: '1', control: '1' } }),
        batcher.writeDeadLetter({
          serialNumber: 'REFUSED',
          brand: null,
          topic: 'wb/v1/REFUSED/telemetry',
          payload: '{',
          payloadBytes: 1,
          reason: 'NOT_JSON',
          detail: null,
        }),
      ]);
      batcher.touch('HEARD6');
      await store.written(1);
      const heard = ['HEARD1', 'HEARD2', 'HEARD3', 'HEARD4', 'HEARD5', 'HEARD6'];
      expect(store.at(0).heard).toEqual(heard);
      const back: TPresenceChange = {
        serialNumber: 'HEARD1',
        brand: 'LUMINA',
        online: true,
        systemState: null,
        cycleType: null,
        cycleNumber: null,
        lastSeenAt: at(1),
      };
      store.at(0).commit([back]);
      await done;
      expect(committed).toEqual([heard]);
      expect(revived).toEqual([[back]]);
    });
  });
});

function statusOnline(second: number) {
  return { online: true, hasState: true, systemState: 2, cycleType: null, cycleNumber: null, ts: at(second) };
}

function event() {
  return {
    id: '0f0c8f7e-2d7c-4a53-9d35-0a4a3c1d2e01',
    kind: 'parameter' as const,
    start: at(1),
    stop: at(1),
    parameterName: 'S1',
    newValue: 85,
  };
}
