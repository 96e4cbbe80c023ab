import type { FastifyBaseLogger } from 'fastify';
import type {
  TCycleType,
  TDeviceAlarm,
  TDeviceInfo,
  TDeviceStats,
  TFotaStatus,
  THaccpEvent,
  TLiveTelemetry,
  TVersions,
} from '@washboard/contracts';
import { staleFota } from '@washboard/contracts';
import { dataErrorOf } from '../db/sql-state';
import type { TCarrier } from '../haccp/chain/chain';
import type { TDeadLetterRow } from './dead-letter.repository';
import type { TPresenceChange } from './presence.repository';

export type TStatusUpdate = {
  online: boolean;
  /** false for a last will, which says nothing of the machine's state */
  hasState: boolean;
  systemState: number | null;
  cycleType: TCycleType | null;
  cycleNumber: number | null;
  ts: string;
};

/** The live-state columns a message sets (the newest of a batch wins, per machine and column). */
export type TStateColumns = {
  versions?: TVersions;
  parameters?: { values: Record<string, number>; ts: string };
  fota?: TFotaStatus;
  stats?: TDeviceStats;
  claimingCode?: { hash: string; expiresAt: string };
  info?: TDeviceInfo;
  panelLocked?: boolean;
};

/**
 * A batch's telemetry rows in the store's own format, made as each row arrives (while the previous
 * batch is being written) rather than all at once when the batch is written.
 */
export type TTelemetryRows = { add(serial: string, t: TLiveTelemetry): void };

/** The device messages of one batch, as the store writes them in one transaction. */
export type TDeviceBatch<TRows extends TTelemetryRows = TTelemetryRows> = {
  telemetry: TRows;
  telemetryRows: number;
  /** Each machine's newest telemetry in the batch (the live state keeps it). */
  latestTelemetry: Map<string, TLiveTelemetry>;
  status: Map<string, TStatusUpdate>;
  /** `carrier`: a phone carried the record home over the local link; the machine did not send it. */
  events: { serial: string; e: THaccpEvent; carrier?: TCarrier }[];
  /** By machine and alarm id: an opening and a closing of one alarm are already one row. */
  alarms: Map<string, { serial: string; a: TDeviceAlarm; carrier?: TCarrier }>;
  /**
   * Messages of an alarm of `alarms` that disagree with it (another code, start or end): not merged,
   * but compared with the alarm once stored (a dead letter `CONFLICTING_RECORD`).
   */
  alarmsAside: { serial: string; a: TDeviceAlarm; carrier?: TCarrier }[];
  columns: Map<string, TStateColumns>;
  stats: { serial: string; s: TDeviceStats }[];
  deadLetters: TDeadLetterRow[];
  /** Machines heard without a message to store (the embedded broker's PINGREQ). */
  seen: Set<string>;
  size: number;
};

/** Where batches go: the batcher knows nothing of how they are stored. */
export type TDeviceStore<TRows extends TTelemetryRows = TTelemetryRows> = {
  /** The telemetry rows of a new batch. */
  telemetryRows(): TRows;
  /**
   * Writes `batch` in one transaction and answers the machines it brought back online. `heard` are
   * the machines the batch writes (they spoke, so they are connected). Throws `TelemetryReplay`,
   * having written nothing, when the telemetry repeats stored rows; the batch is then written
   * again with `replay` set.
   */
  write(batch: TDeviceBatch<TRows>, heard: ReadonlySet<string>, replay: boolean): Promise<TPresenceChange[]>;
};

/** The batch's telemetry repeats stored rows (a device replaying QoS 1 messages): it goes the replay way. */
export class TelemetryReplay extends Error {
  constructor(cause: unknown) {
    super('the telemetry batch repeats stored rows', { cause });
  }
}

/** A settled-once promise shared by every message of one batch. */
/** Two messages of one alarm agree: the same code and start, and the same end where both have one. */
function sameAlarm(x: TDeviceAlarm, y: TDeviceAlarm): boolean {
  const time = (value: string) => Date.parse(value);
  return (
    x.errorCode === y.errorCode &&
    time(x.startDate) === time(y.startDate) &&
    (x.stopDate === null || y.stopDate === null || time(x.stopDate) === time(y.stopDate))
  );
}

type TOutcome = { promise: Promise<void>; resolve(): void; reject(error: unknown): void };

function outcome(): TOutcome {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A failed batch is reported to every waiter; nobody may be waiting (drain), which is no crash.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

type TOpenBatch<TRows extends TTelemetryRows> = TDeviceBatch<TRows> & {
  /** Settles once the batch's transaction ended: every message of the batch waits on it. */
  done: TOutcome;
  /** When its first message arrived (`performance.now()`, which no clock change moves): the batch is written `maxDelayMs` later at the latest. */
  firstAt: number;
  /** Settles once the store has the batch (`closeBatch`): made only when someone waits for it. */
  taken?: TOutcome;
};

/**
 * The machines a batch heard from: what they sent themselves. Records a phone carried home are not
 * the machine speaking: they leave its last-seen time and its online state alone.
 */
function serialsOf(b: TDeviceBatch<TTelemetryRows>): Set<string> {
  const serials = new Set<string>();
  for (const serial of b.latestTelemetry.keys()) serials.add(serial);
  for (const serial of b.status.keys()) serials.add(serial);
  for (const r of b.events) if (!r.carrier) serials.add(r.serial);
  for (const r of b.alarms.values()) if (!r.carrier) serials.add(r.serial);
  for (const serial of b.columns.keys()) serials.add(serial);
  for (const serial of b.seen) serials.add(serial);
  return serials;
}

/** The machines whose data a batch changed: those heard, and those whose records were carried home. */
function writtenBy(b: TDeviceBatch<TTelemetryRows>, heard: ReadonlySet<string>): Set<string> {
  const serials = new Set(heard);
  for (const r of b.events) serials.add(r.serial);
  for (const r of b.alarms.values()) serials.add(r.serial);
  return serials;
}

export type TDeviceBatcherOptions = {
  /**
   * A batch is written once it holds this many messages (at the end of the current event-loop turn,
   * so that a burst handled in one turn, such as a session's queue delivered after a reconnect,
   * goes in one transaction)…
   */
  maxBatch?: number;
  /** …or once no message came for this long (a burst has ended)… */
  quietMs?: number;
  /** …or, at the latest, this long after its first message arrived. */
  maxDelayMs?: number;
  /** Told after each batch's transaction committed, before its messages are acknowledged: the machines it wrote. */
  onCommit?: (serials: Set<string>) => void;
  /** Told after a batch committed: machines shown offline that spoke in it, now online again. */
  onRevived?: (changes: TPresenceChange[]) => void;
  /** Told after each batch, with how long writing and committing it took. */
  onBatch?: (outcome: 'committed' | 'failed', seconds: number) => void;
};

/**
 * Gathers device messages into batches and hands each to the store, one batch at a time, so
 * thousands of messages cost one transaction. Every `write*` resolves once its message is committed
 * (the broker acknowledges QoS 1 only then) and rejects if the batch failed. Work per message is
 * kept small, because it is paid on the ingest path: the messages of a batch share one promise, and
 * telemetry takes the store's format as it arrives (while the previous batch is being written).
 */
export class DeviceBatcher<TRows extends TTelemetryRows = TTelemetryRows> {
  private batch: TOpenBatch<TRows>;
  /** The batch `isolated` is filling while its write runs; writes go to the open batch otherwise. */
  private solo: TOpenBatch<TRows> | undefined;
  /** Batches of one message each (`isolated`), written before the open batch, in the order of arrival. */
  private readonly solos: (TOpenBatch<TRows> & { arrival: number })[] = [];
  /**
   * A batch failed on its data: the open batch waits until its messages, each written again alone,
   * have been queued (they are, in the microtasks after the failure), so none of them comes after a
   * later message of its machine.
   */
  private holding = false;
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private flushing: Promise<void> | undefined;
  private readonly maxBatch: number;
  private readonly maxDelayMs: number;
  private readonly quietMs: number;
  /** The open batch's size when the timer last looked at it. */
  private sizeSeen = 0;
  private readonly onCommit: ((serials: Set<string>) => void) | undefined;
  private readonly onRevived: ((changes: TPresenceChange[]) => void) | undefined;
  private readonly onBatch: ((outcome: 'committed' | 'failed', seconds: number) => void) | undefined;
  /** Rows committed since start, per kind (for operations and benchmarks). */
  readonly committed = { telemetry: 0, events: 0, alarms: 0, status: 0 };
  /** Batches written again the replay way because they repeated stored telemetry. */
  replays = 0;

  constructor(
    private readonly store: TDeviceStore<TRows>,
    private readonly log: FastifyBaseLogger,
    options: TDeviceBatcherOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 16_000;
    this.maxDelayMs = options.maxDelayMs ?? 20;
    this.quietMs = options.quietMs ?? 2;
    this.onCommit = options.onCommit;
    this.onRevived = options.onRevived;
    this.onBatch = options.onBatch;
    this.batch = this.emptyBatch();
  }

  writeTelemetry(serial: string, t: TLiveTelemetry): Promise<void> {
    const b = this.solo ?? this.batch;
    b.telemetry.add(serial, t);
    b.telemetryRows += 1;
    const before = b.latestTelemetry.get(serial);
    if (!before || before.ts <= t.ts) b.latestTelemetry.set(serial, t);
    return this.added(b);
  }

  writeStatus(serial: string, status: TStatusUpdate): Promise<void> {
    return this.add((b) => {
      const before = b.status.get(serial);
      // A will (no state) after a full status keeps the state it carried.
      b.status.set(serial, before && !status.hasState ? { ...before, online: status.online, ts: status.ts } : status);
    });
  }

  /** A HACCP event; `carrier` when a phone carried it home over the local link. */
  writeEvent(serial: string, e: THaccpEvent, carrier?: TCarrier): Promise<void> {
    return this.add((b) => b.events.push(carrier ? { serial, e, carrier } : { serial, e }));
  }

  /** An alarm's opening or closing; `carrier` when a phone carried it home over the local link. */
  writeAlarm(serial: string, a: TDeviceAlarm, carrier?: TCarrier): Promise<void> {
    return this.add((b) => {
      // The id as the database compares it (a UUID, case aside): an opening and a closing in two
      // cases made one statement touch one row twice (SQLSTATE 21000).
      const key = `${serial}/${a.id.toLowerCase()}`;
      const before = b.alarms.get(key);
      const sent = carrier ? { serial, a, carrier } : { serial, a };
      if (before && !sameAlarm(before.a, a)) {
        // Two messages of one alarm that disagree: the machine's own is stored (else the first), and
        // the other is set aside, never merged into it.
        if (before.carrier && !carrier) {
          b.alarmsAside.push(before);
          b.alarms.set(key, sent);
        } else b.alarmsAside.push(sent);
        return;
      }
      // Opened and closed in the same batch (a short alarm, or a replay after a reconnect): one row,
      // closed, since one statement cannot insert and then update the same key. A key is one alarm of
      // one machine (an alarm id, a UUID, has no '/'), so the batch holds each alarm once — carried
      // only if every part of it was: what the machine sent itself it delivered.
      const merged = before ? { ...a, stopDate: a.stopDate ?? before.a.stopDate } : a;
      const carried = before ? before.carrier && carrier : carrier;
      b.alarms.set(key, carried ? { serial, a: merged, carrier: carried } : { serial, a: merged });
    });
  }

  writeColumns(serial: string, columns: TStateColumns): Promise<void> {
    return this.add((b) => {
      const before = b.columns.get(serial);
      const next = { ...before, ...columns };
      if (columns.fota && staleFota(before?.fota, columns.fota)) next.fota = before?.fota;
      b.columns.set(serial, next);
      if (columns.stats) b.stats.push({ serial, s: columns.stats });
    });
  }

  /**
   * Keeps a refused message in the dead-letter store, in the batch's transaction: a refused QoS 1
   * message is acknowledged, like any other, only once it is stored.
   */
  writeDeadLetter(row: TDeadLetterRow): Promise<void> {
    return this.add((b) => b.deadLetters.push(row));
  }

  /**
   * The machine is alive though it sent nothing to store (a PINGREQ): its last-seen time is set
   * with the next batch, and it is shown online again if it was not.
   */
  touch(serial: string): void {
    void this.add((b) => b.seen.add(serial));
  }

  /**
   * Runs `write` (which calls `write*` at once, before any await) with what it writes kept apart: in a
   * batch of its own, written in a transaction of its own before the open batch, among the others by
   * `arrival`. Answers what `write` answers. For a message whose batch failed on what one of its
   * messages held: written alone, it either goes in, or its own failure says it was the one
   * (ingest.service.ts).
   */
  isolated<T>(arrival: number, write: () => T): T {
    const b = { ...this.emptyBatch(), arrival };
    this.solo = b;
    let answer: T;
    try {
      answer = write();
    } finally {
      this.solo = undefined;
    }
    if (b.size > 0) {
      const after = this.solos.findIndex((queued) => queued.arrival > arrival);
      this.solos.splice(after === -1 ? this.solos.length : after, 0, b);
      this.flush();
    }
    return answer;
  }

  /** Messages waiting in the open batch (the metrics' writer queue depth). */
  get queued(): number {
    return this.batch.size;
  }

  /**
   * Closes the open batch once this event-loop turn's messages are in it: a caller that handed over
   * a whole burst at once (the demo's month of a machine) says it ended. The batch is written at
   * once, or as soon as the one being written has committed, whatever its size or age; the promise
   * answers when the store has it (its messages still settle when it commits). So a caller can
   * make the next burst while the database writes this one.
   */
  async closeBatch(): Promise<void> {
    // The messages handed over in this turn reach the batch in its microtasks.
    await new Promise((resolve) => setImmediate(resolve));
    const b = this.batch;
    if (b.size === 0) return;
    b.taken ??= outcome();
    this.flush();
    await b.taken.promise;
  }

  /** Writes what is pending now and waits for it (used at shutdown and by tests). */
  async drain(): Promise<void> {
    while (this.batch.size > 0 || this.solos.length > 0 || this.flushing || this.holding) {
      if (this.flushing) await this.flushing.catch(() => {});
      else if (this.holding) await new Promise((resolve) => setImmediate(resolve));
      else this.flush();
    }
  }

  private emptyBatch(): TOpenBatch<TRows> {
    return {
      telemetry: this.store.telemetryRows(),
      telemetryRows: 0,
      latestTelemetry: new Map(),
      status: new Map(),
      events: [],
      alarms: new Map(),
      alarmsAside: [],
      columns: new Map(),
      stats: [],
      deadLetters: [],
      seen: new Set(),
      size: 0,
      done: outcome(),
      firstAt: 0,
    };
  }

  private add(put: (batch: TOpenBatch<TRows>) => void): Promise<void> {
    const b = this.solo ?? this.batch;
    put(b);
    return this.added(b);
  }

  /** Counts a message into the batch `b` (the open one, or `isolated`'s) and answers the batch's outcome. */
  private added(b: TOpenBatch<TRows>): Promise<void> {
    b.size += 1;
    if (b !== this.batch) return b.done.promise;
    if (b.size === 1) b.firstAt = performance.now();
    if (b.size >= this.maxBatch) this.immediate ??= setImmediate(() => this.flush());
    else if (!this.timer) this.watch();
    return b.done.promise;
  }

  /** Looks at the open batch again in quietMs, or when its first message will have waited maxDelayMs if sooner. */
  private watch(): void {
    this.sizeSeen = this.batch.size;
    const left = this.maxDelayMs - (performance.now() - this.batch.firstAt);
    this.timer = setTimeout(() => this.look(), Math.max(0, Math.min(this.quietMs, left)));
  }

  /**
   * Writes the open batch if no message came since the last look or its first one waited
   * maxDelayMs; else looks again. A burst (the messages a reconnect or a busy socket delivers) then
   * goes in one batch as soon as it ended, rather than maxDelayMs after it began.
   */
  private look(): void {
    this.timer = undefined;
    const b = this.batch;
    if (b.size === 0) return;
    if (b.size === this.sizeSeen || performance.now() - b.firstAt >= this.maxDelayMs) this.flush();
    else this.watch();
  }

  private flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.immediate) {
      clearImmediate(this.immediate);
      this.immediate = undefined;
    }
    // Held: the retries of a refused batch are still being queued, to go in the order they came.
    if (this.flushing || this.holding) return;
    let batch: TOpenBatch<TRows> | undefined = this.solos.shift();
    if (!batch) {
      if (this.batch.size === 0) return;
      batch = this.batch;
      this.batch = this.emptyBatch();
      batch.taken?.resolve();
    }
    const heard = serialsOf(batch);
    const written = writtenBy(batch, heard);
    const started = performance.now();
    this.flushing = this.store
      .write(batch, heard, false)
      .catch((error: unknown) => {
        if (!(error instanceof TelemetryReplay)) throw error;
        this.replays += 1;
        return this.store.write(batch, heard, true);
      })
      .then(
        (revived) => {
          this.onCommit?.(written);
          this.committed.telemetry += batch.telemetryRows;
          this.committed.events += batch.events.length;
          this.committed.alarms += batch.alarms.size;
          this.committed.status += batch.status.size;
          if (revived.length > 0) this.onRevived?.(revived);
          this.onBatch?.('committed', (performance.now() - started) / 1000);
          batch.done.resolve();
        },
        (error: unknown) => {
          this.onBatch?.('failed', (performance.now() - started) / 1000);
          const refused = dataErrorOf(error) !== undefined;
          this.log.error(
            { err: error, messages: batch.size },
            refused
              ? 'the database refused a batch; its messages are written again alone'
              : 'writing device messages failed; they will be delivered again',
          );
          // Even a batch of one: its retry (which may go in, after a race) must not come after newer messages.
          if (refused) this.holding = true;
          batch.done.reject(error);
        },
      )
      .finally(() => {
        this.flushing = undefined;
        if (this.holding) {
          // The messages' retries are queued in this turn's microtasks; the next turn writes them.
          setImmediate(() => {
            this.holding = false;
            this.flush();
          });
          return;
        }
        if (this.solos.length > 0) return this.flush();
        if (this.batch.size === 0) return;
        // What arrived during the write has waited already: a batch whose first message waited
        // maxDelayMs goes now, not maxDelayMs after the write (each write then paid the delay again);
        // else once it is quiet.
        const waited = performance.now() - this.batch.firstAt;
        if (this.batch.taken || this.batch.size >= this.maxBatch || waited >= this.maxDelayMs) this.flush();
        else if (!this.timer) this.watch();
      });
  }
}
