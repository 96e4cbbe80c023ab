import {
  DEAD_LETTER_CAPACITY,
  TELEMETRY_FIELDS,
  heatDose,
  TELEMETRY_KEYS,
  staleFota,
  type TDeviceAlarm,
  type THaccpEvent,
  type TFotaStatus,
  type TBrandCode,
  type TLiveTelemetry,
} from '@washboard/contracts';
import type { TDatabase, TSqlRunner } from '../db/database';
import {
  TelemetryReplay,
  type TDeviceBatch,
  type TDeviceStore,
  type TStateColumns,
  type TStatusUpdate,
  type TTelemetryRows,
} from './device-batcher';
import { insertDeadLetters, pruneDeadLetters, type TDeadLetterRow } from './dead-letter.repository';
import { conflictingAlarms, conflictingEvents, keepOtherVersions, notKeptBefore, type TArrived } from './conflicting-records';
import { reviveSpeaking, touchLastSeen, type TPresenceChange } from './presence.repository';
import {
  eventRecordJson,
  type TAlarmRow,
  type TCarrier,
  type TChainItem,
  type TEventRow,
  type TJson,
} from '../haccp/chain/chain';
import {
  alarmColumnsSql,
  alarmItems,
  appendToChain,
  carriedKey,
  entryParams,
  entryRowsSql,
  eventItems,
  insertEntriesSql,
  headParams,
  joinPlans,
  movedHeadsSql,
  planBatch,
  settleBatch,
  type TBatchPlan,
  type TCarriers,
  type TChainHeads,
} from '../haccp/chain/chain.repository';
import { CHEMICAL_ALARMS } from '../notifications/threshold-rules';

const UNIQUE_VIOLATION = '23505';

/** The telemetry values with their columns, in COPY order after `serial_number, ts` (the registry's order). */
const TELEMETRY_VALUES = TELEMETRY_KEYS.map((key) => [key, TELEMETRY_FIELDS[key].column] as const);

const TELEMETRY_COLUMNS = ['serial_number', 'ts', ...TELEMETRY_VALUES.map(([, column]) => column)].join(', ');

/**
 * Each machine's newest values into its live state (`appliance_states.telemetry`, the object the
 * machine sent), given as one JSON object by serial number. One JSON text per machine in a `jsonb[]`
 * took PostgreSQL twice as long to bind (19 against 10 ms for 1,000 machines; PGlite 13 against
 * 10), the largest cost of a batch beside its COPY (docs/benchmarks.md, "Write path").
 */
const NEWER = `(s.telemetry is null or (s.telemetry->>'ts')::timestamptz <= (v.t->>'ts')::timestamptz)`;
/**
 * It also stamps the machines heard (`last_seen_at`), a late older message's too, so the batch's
 * `touchLastSeen` leaves out the machines that sent telemetry: at 1,000 machines it was one more
 * statement of 2–6 ms in every batch finding nothing to write (docs/benchmarks.md, "Write path").
 */
const LATEST_TELEMETRY = `update appliance_states s set
    telemetry = case when ${NEWER} then v.t else s.telemetry end,
    updated_at = case when ${NEWER} then now() else s.updated_at end,
    last_seen_at = now()
  from jsonb_each($1::jsonb) as v(serial, t)
  where s.serial_number = v.serial`;

/**
 * Rows carrying the same values (a range's live fields, with or without the cycle times), in COPY
 * text format: each such group is one COPY naming only its columns, so no row spells out the values
 * its machine never sends. Rows are appended to a string and moved into a Buffer every 16 KB: a
 * string built by appending is a tree of pieces, and keeping a whole batch of those trees alive
 * until its COPY costs more in garbage collection than making the text.
 */
type TCopyGroup = { columns: string; chunks: Buffer<ArrayBuffer>[]; tail: string };

const COPY_CHUNK = 16 * 1024;

/** The columns of a HACCP event the gateway inserts, and their array parameters ($1–$14), in order. */
const EVENT_INSERT_COLUMNS = [
  'serial_number',
  'id',
  'kind',
  'cycle_name',
  'cycle_number',
  'start',
  'stop',
  'completed',
  'measurements',
  'parameter_name',
  'old_value',
  'new_value',
  'rinse_trace',
  'heat_dose',
] as const;
const EVENT_INSERT_ARRAYS = `$1::text[], $2::uuid[], $3::text[], $4::text[], $5::int4[], $6::timestamptz[], $7::timestamptz[],
  $8::bool[], $9::jsonb[], $10::text[], $11::jsonb[], $12::jsonb[], $13::jsonb[], $14::jsonb[]`;
const EVENT_COLUMNS = EVENT_INSERT_COLUMNS.join(', ');
/** The same columns of the rows named `e`. */
const EVENT_COLUMNS_OF_E = EVENT_INSERT_COLUMNS.map((c) => `e.${c}`).join(', ');

/** A batch's telemetry rows in COPY text format, grouped by the set of values they carry. */
class TelemetryCopy implements TTelemetryRows {
  readonly groups = new Map<number, TCopyGroup>();

  /**
   * Adds one telemetry row to its group. Nothing needs escaping: the serial number matches
   * `SERIAL_NUMBER_PATTERN` (the topic is parsed with it), the time is an ISO 8601 timestamp and
   * every value an integer (`ZTelemetry`).
   */
  add(serial: string, t: TLiveTelemetry): void {
    const groups = this.groups;
    let present = 0;
    let line = `${serial}\t${t.ts}`;
    for (let i = 0; i < TELEMETRY_VALUES.length; i += 1) {
      const value = t[(TELEMETRY_VALUES[i] as (typeof TELEMETRY_VALUES)[number])[0]];
      if (value !== undefined) {
        present |= 1 << i;
        line += `\t${value}`;
      }
    }
    let group = groups.get(present);
    if (!group) {
      const columns = ['serial_number', 'ts', ...TELEMETRY_VALUES.filter((_, i) => present & (1 << i)).map(([, c]) => c)];
      group = { columns: columns.join(', '), chunks: [], tail: '' };
      groups.set(present, group);
    }
    group.tail += `${line}\n`;
    if (group.tail.length >= COPY_CHUNK) {
      group.chunks.push(Buffer.from(group.tail));
      group.tail = '';
    }
  }
}

/** A group's rows in COPY text format. */
function copyData(group: TCopyGroup): Buffer<ArrayBuffer>[] {
  return group.tail ? [...group.chunks, Buffer.from(group.tail)] : group.chunks;
}

type TBatch = TDeviceBatch<TelemetryCopy>;

/** A batch's HACCP events ready to store (`prepareEvents`): the insert's parameters, and with the chain on its items and plan. */
type TPreparedEvents = {
  params: unknown[];
  chain?: {
    /** Each event's chain item, in the order of the parameters' rows. */
    items: TChainItem[];
    /** Whether a phone carried any of them home. */
    carried: boolean;
    /** The events planned without waiting for the alarms' upsert: those of heard machines without alarms in the batch. */
    plan: TBatchPlan;
    /** The machines with alarms in the batch; those of them heard are planned with their alarms in `insertEvents`. */
    withAlarms: ReadonlySet<string>;
    /**
     * The events as they arrived, in the order of the parameters' rows (`once`), and those whose id
     * came again later in the batch (`again`): each one not stored is compared with the record that
     * holds its id (`conflictingEvents`).
     */
    once: readonly TBatch['events'][number][];
    again: readonly TBatch['events'][number][];
  };
};

type TArrivedEvent = TArrived<THaccpEvent> & { id: string; recordJson: string };
type THeldAlarm = TArrived<TDeviceAlarm> & { id: string };

/** An alarm a batch stored for the first time: one opening; `open` false when it also closed in the batch. */
export type TOpenedAlarm = { serialNumber: string; brand: TBrandCode; alarmId: string; errorCode: string; open: boolean };

export type TDeviceMessageRepositoryOptions = {
  /** Refused messages kept (the newest); older ones are deleted once `deadLetterPruneEvery` more were stored. */
  deadLetterCapacity?: number;
  deadLetterPruneEvery?: number;
  /**
   * Called in the batch's transaction with the alarms the batch opened (stored for the first time) —
   * at most once per batch, never for a repeated message: what must commit with them (the jobs of
   * the alarm mails and of the notification centre) is written through `sql`.
   */
  alarmsOpened?: (sql: TSqlRunner, opened: TOpenedAlarm[]) => Promise<void>;
  /**
   * Called in the batch's transaction, at most once per batch, with the machines whose cycle
   * records, counters or chemical-level alarms the batch carried (the threshold notifications'
   * check, docs/notifications.md): what must commit with them is written through `sql`.
   */
  thresholdData?: (sql: TSqlRunner, serials: string[]) => Promise<void>;
  /**
   * After a batch committed that kept records of other content under held ids as dead letters
   * (`CONFLICTING_RECORD`): counted and logged by the caller, as the refusals ingestion makes.
   */
  conflictsKept?: (letters: readonly TDeadLetterRow[]) => void;
  /** Only in the ingestion benchmark's comparison (`chainSwitchForBenchmark`, app.ts); else always on. */
  chain?: TChainSwitch;
};

/** Whether the writer chains the HACCP records of its next batch (benchmarks only: app.ts). */
export type TChainSwitch = { on: boolean };

/**
 * Waits for statements sent one after another without waiting for each answer (a connection runs
 * them in the order sent, so they fail in the order they ran; work of our own given with them, such
 * as the events made ready, may fail at any point): reports the first failure in the order given —
 * statements after it failed only because the transaction had — once all are answered.
 */
async function inOrder(statements: (Promise<unknown> | undefined)[]): Promise<void> {
  let first: { reason: unknown } | undefined;
  const noted = statements.flatMap((statement) =>
    statement
      ? [
          statement.catch((reason: unknown) => {
            first ??= { reason };
          }),
        ]
      : [],
  );
  await Promise.all(noted);
  if (first) throw first.reason;
}

/** The machines of a batch with data for the threshold check: cycle records, counters, chemical-level alarms. */
function thresholdSerials(b: TBatch): string[] {
  const serials = new Set<string>();
  for (const { serial, e } of b.events) if (e.kind === 'cycle') serials.add(serial);
  for (const { serial } of b.stats) serials.add(serial);
  for (const { serial, a } of b.alarms.values()) if (Object.hasOwn(CHEMICAL_ALARMS, a.errorCode)) serials.add(serial);
  return [...serials];
}

/**
 * Who carried each record home, of those a phone carried (docs/local-link.md). A record the machine
 * also sent itself in the same batch is the machine's: whichever copy is stored, it was delivered.
 */
function carriersOf(records: readonly { serial: string; id: string; carrier?: TCarrier }[]): TCarriers {
  const carriers = new Map<string, TCarrier>();
  // Mostly the machines delivered everything themselves.
  if (!records.some((r) => r.carrier)) return carriers;
  const delivered = new Set<string>();
  for (const { serial, id, carrier } of records) {
    const key = carriedKey(serial, id);
    if (!carrier) delivered.add(key);
    else if (!carriers.has(key)) carriers.set(key, carrier);
  }
  for (const key of delivered) carriers.delete(key);
  return carriers;
}

/**
 * A HACCP event as `haccp_events` keeps it, by the values it is sent with: times to the millisecond
 * (as the chain writes them), the id in lower case, text as UTF-8 keeps it, and the JSON columns as
 * sent: jsonb keeps the numbers and members of their text, and a value and its text parsed back have
 * the same canonical JSON (chain.ts), which is what the chain covers. The chain's entry is hashed over
 * `row`, which the verifier reads back from the table.
 */
function storedEvent(serial: string, e: THaccpEvent) {
  const measurements = e.kind === 'cycle' ? JSON.stringify(e.measurements) : null;
  const oldValue = e.kind === 'parameter' ? JSON.stringify(e.oldValue ?? null) : null;
  const newValue = e.kind === 'parameter' ? JSON.stringify(e.newValue) : null;
  const rinseTrace = e.kind === 'cycle' && e.rinseTrace ? JSON.stringify(e.rinseTrace) : null;
  const row: TEventRow & { serial_number: string } = {
    serial_number: serial,
    id: e.id.toLowerCase(),
    kind: e.kind,
    cycle_name: e.cycleName ?? null,
    cycle_number: e.kind === 'cycle' ? (e.cycleNumber ?? null) : null,
    start: new Date(e.start).toISOString(),
    stop: new Date(e.stop).toISOString(),
    completed: e.kind === 'cycle' ? e.completed : null,
    measurements: e.kind === 'cycle' ? (e.measurements as TJson) : null,
    // A lone surrogate goes to the database as U+FFFD (UTF-8 cannot carry it).
    parameter_name: e.kind === 'parameter' ? Buffer.from(e.parameterName, 'utf8').toString('utf8') : null,
    old_value: e.kind === 'parameter' ? ((e.oldValue ?? null) as TJson) : null,
    new_value: e.kind === 'parameter' ? ((e.newValue ?? null) as TJson) : null,
    rinse_trace: e.kind === 'cycle' ? (e.rinseTrace ?? null) : null,
  };
  return { row, text: { measurements, oldValue, newValue, rinseTrace } };
}

/**
 * Stores the device messages of a batch in one transaction, with one array-parameter statement per
 * kind and telemetry by COPY, so thousands of messages cost a handful of round trips.
 */
export class DeviceMessageRepository implements TDeviceStore<TelemetryCopy> {
  private readonly deadLetterCapacity: number;
  private readonly deadLetterPruneEvery: number;
  /** Refused messages stored since the store was last pruned (by this process). */
  private deadLettersSincePrune = 0;
  private readonly alarmsOpened: TDeviceMessageRepositoryOptions['alarmsOpened'];
  private readonly conflictsKept: TDeviceMessageRepositoryOptions['conflictsKept'];
  private readonly thresholdData: TDeviceMessageRepositoryOptions['thresholdData'];
  private readonly chain: TChainSwitch;
  /** The chain heads this writer last wrote: its machines' chains continue without a lock round trip. */
  private readonly chainHeads: TChainHeads = new Map();

  constructor(
    private readonly database: TDatabase,
    options: TDeviceMessageRepositoryOptions = {},
  ) {
    this.deadLetterCapacity = options.deadLetterCapacity ?? DEAD_LETTER_CAPACITY;
    this.deadLetterPruneEvery = options.deadLetterPruneEvery ?? 500;
    this.alarmsOpened = options.alarmsOpened;
    this.conflictsKept = options.conflictsKept;
    this.thresholdData = options.thresholdData;
    this.chain = options.chain ?? { on: true };
  }

  telemetryRows(): TelemetryCopy {
    return new TelemetryCopy();
  }

  async write(batch: TBatch, heard: ReadonlySet<string>, replay: boolean): Promise<TPresenceChange[]> {
    const conflicts: TDeadLetterRow[] = [];
    const changes = await this.database.transaction((sql) => {
      conflicts.length = 0;
      return this.writeBatch(sql, batch, heard, replay, conflicts);
    });
    if (conflicts.length > 0) this.conflictsKept?.(conflicts);
    return changes;
  }

  private async writeBatch(
    sql: TSqlRunner,
    b: TBatch,
    heard: ReadonlySet<string>,
    replay: boolean,
    conflicts: TDeadLetterRow[],
  ): Promise<TPresenceChange[]> {
    // Statements that need no answer before the next are sent together and run in the order sent:
    // first telemetry, status, who spoke (connected: last seen now, and online again unless its
    // status said otherwise) and the alarms.
    const telemetry = b.telemetryRows > 0 ? this.insertTelemetry(sql, b, replay) : undefined;
    const status = b.status.size > 0 ? this.updateStatus(sql, b.status) : undefined;
    const spoke = [...heard];
    const revived =
      spoke.length > 0
        ? reviveSpeaking(
            sql,
            spoke.filter((serial) => !b.status.has(serial)),
          )
        : undefined;
    // Telemetry and status stamp their machines' last_seen_at themselves.
    const quiet = spoke.filter((serial) => !b.latestTelemetry.has(serial) && !b.status.has(serial));
    const touched = quiet.length > 0 ? touchLastSeen(sql, quiet) : undefined;
    const alarms = [...b.alarms.values()];
    const upserted = alarms.length > 0 ? this.upsertAlarms(sql, alarms) : undefined;
    // The HACCP events are made ready — and hashed into their chains, for machines without alarms
    // in the batch — while the database runs the statements sent so far (docs/benchmarks.md, issue
    // 19). After this turn of the event loop: node-postgres streams the COPY's data and sends each
    // statement after the one before from this thread, and done at once (in a microtask) the
    // chain's ratio on PostgreSQL was 0.92–0.94 in three runs against 0.94–0.97 before: within the
    // spread, but all three lower. Read once: the benchmark turns the chain on and off between
    // batches (`chainSwitchForBenchmark`).
    const chaining = this.chain.on;
    const ready =
      b.events.length > 0
        ? new Promise((next) => setImmediate(next)).then(() => this.prepareEvents(b.events, chaining, heard, alarms))
        : undefined;
    await inOrder([telemetry, status, revived, touched, upserted, ready]);
    let alarmsChained: TChainItem[] = [];
    // Records the batch did not store, compared with the records holding their ids once it chained.
    const heldAlarms: THeldAlarm[] = b.alarmsAside.map(({ serial, a, carrier }) => ({
      serial,
      record: a,
      carrier,
      id: a.id.toLowerCase(),
    }));
    if (upserted) {
      // By the id as stored (a UUID comes back in lower case), as for events below.
      const carriers = carriersOf(alarms.map(({ serial, a, carrier }) => ({ serial, id: a.id.toLowerCase(), carrier })));
      const stored = await upserted;
      alarmsChained = alarmItems(stored, carriers);
      const opened = stored
        .filter((a) => a.opened)
        .map((a) => ({
          serialNumber: a.serial_number,
          brand: a.brand,
          alarmId: a.id,
          errorCode: a.error_code,
          open: a.stop_date === null,
        }));
      if (opened.length > 0 && this.alarmsOpened) await this.alarmsOpened(sql, opened);
      // An alarm that changed nothing: a repeat, or other content under a held id (the upsert opens
      // or closes only an alarm of the same code and start).
      const changed = new Set(stored.map((a) => carriedKey(a.serial_number, a.id)));
      for (const { serial, a, carrier } of alarms) {
        const id = a.id.toLowerCase();
        if (!changed.has(carriedKey(serial, id))) heldAlarms.push({ serial, record: a, carrier, id });
      }
    }
    if (b.columns.size > 0) await this.updateColumns(sql, b.columns);
    // Then, together again, what is left.
    const stats =
      b.stats.length > 0
        ? sql.query(
            `insert into appliance_stats (serial_number, ts, stats)
             select * from unnest($1::text[], $2::timestamptz[], $3::jsonb[])`,
            [b.stats.map((x) => x.serial), b.stats.map((x) => x.s.ts), b.stats.map((x) => JSON.stringify(x.s))],
          )
        : undefined;
    const thresholds = this.thresholdData ? thresholdSerials(b) : [];
    const threshold = this.thresholdData && thresholds.length > 0 ? this.thresholdData(sql, thresholds) : undefined;
    const deadLetters = b.deadLetters.length > 0 ? this.keepDeadLetters(sql, b.deadLetters) : undefined;
    // The HACCP events and the chain last. What the batch stored of the HACCP record enters each
    // machine's hash chain in the same transaction (docs/hygiene.md): mostly with the events' insert,
    // which also writes the entries of the alarms' openings and closings and moves the machines'
    // chain heads; the rest in the append after it. Every writer locks the machines' state rows
    // (above) and what else it writes before their chain heads, so two batches of one machine on two
    // instances wait for each other instead of deadlocking. Last in the order sent is enough, as a
    // connection runs statements in that order (each statement above is sent as its function is
    // called, none after an answer).
    const prepared = await ready;
    const events = prepared ? this.insertEvents(sql, prepared, heard, alarmsChained) : undefined;
    await inOrder([stats, threshold, deadLetters, events]);
    const { chained, held } = events ? await events : { chained: alarmsChained, held: [] };
    if (chaining && chained.length > 0) await appendToChain(sql, chained, this.chainHeads);
    // Rare (a QoS 1 repeat, an overlapping transfer), so a round trip more then.
    if (held.length > 0 || heldAlarms.length > 0) {
      const found = [
        ...(held.length > 0 ? await conflictingEvents(sql, held) : []),
        ...(heldAlarms.length > 0 ? await conflictingAlarms(sql, heldAlarms) : []),
      ];
      const fresh = found.length > 0 ? await notKeptBefore(sql, found) : [];
      if (fresh.length > 0) {
        await inOrder([
          this.keepDeadLetters(
            sql,
            fresh.map((c) => c.letter),
          ),
          keepOtherVersions(sql, fresh),
        ]);
        conflicts.push(...fresh.map((c) => c.letter));
      }
    }
    return (await revived) ?? [];
  }

  /** Keeps refused messages; prunes the store now and then, not at every insert (it may exceed its capacity by a few hundred rows). */
  private async keepDeadLetters(sql: TSqlRunner, rows: TBatch['deadLetters']): Promise<void> {
    const inserted = insertDeadLetters(sql, rows);
    this.deadLettersSincePrune += rows.length;
    if (this.deadLettersSincePrune < this.deadLetterPruneEvery) return inserted;
    this.deadLettersSincePrune = 0;
    await inOrder([inserted, pruneDeadLetters(sql, this.deadLetterCapacity)]);
  }

  /** Sends the batch's telemetry statements, each without waiting for the one before. */
  private async insertTelemetry(sql: TSqlRunner, b: TBatch, replay: boolean): Promise<void> {
    const statements: Promise<unknown>[] = [];
    if (!replay) {
      // Optimistic: COPY straight into the table. A row already stored (a device repeating a QoS 1
      // message after a reconnect) fails the COPY and with it the transaction; the batcher then
      // writes the batch again with `replay` set.
      for (const group of b.telemetry.groups.values()) {
        statements.push(sql.copyFrom(`COPY telemetry (${group.columns}) FROM STDIN`, copyData(group)));
      }
    } else {
      // The slow road, for a batch holding a replay: COPY into a per-session staging table, then
      // insert what is new.
      statements.push(
        sql.query(`create temp table if not exists telemetry_staging (like telemetry including defaults) on commit delete rows`),
      );
      for (const group of b.telemetry.groups.values()) {
        statements.push(sql.copyFrom(`COPY telemetry_staging (${group.columns}) FROM STDIN`, copyData(group)));
      }
      statements.push(
        sql.query(
          `insert into telemetry (${TELEMETRY_COLUMNS}) select ${TELEMETRY_COLUMNS} from telemetry_staging on conflict do nothing`,
        ),
      );
    }
    // The live state keeps each machine's newest values.
    statements.push(sql.query(LATEST_TELEMETRY, [JSON.stringify(Object.fromEntries(b.latestTelemetry))]));
    try {
      await inOrder(statements);
    } catch (error) {
      if (!replay && (error as { code?: unknown }).code === UNIQUE_VIOLATION) throw new TelemetryReplay(error);
      throw error;
    }
  }

  private async updateStatus(sql: TSqlRunner, statuses: Map<string, TStatusUpdate>): Promise<void> {
    const all = [...statuses.entries()];
    await sql.query(
      `update appliance_states s set
         online = v.online,
         system_state = case when v.has_state then v.state else s.system_state end,
         cycle_type = case when v.has_state then v.cycle_type else s.cycle_type end,
         cycle_number = case when v.has_state then v.cycle_number else s.cycle_number end,
         last_seen_at = now(),
         updated_at = now()
       from unnest($1::text[], $2::bool[], $3::bool[], $4::int2[], $5::text[], $6::int4[], $7::timestamptz[])
         as v(serial, online, has_state, state, cycle_type, cycle_number, ts)
       where s.serial_number = v.serial`,
      [
        all.map(([serial]) => serial),
        all.map(([, s]) => s.online),
        all.map(([, s]) => s.hasState),
        all.map(([, s]) => s.systemState),
        all.map(([, s]) => s.cycleType),
        all.map(([, s]) => s.cycleNumber),
        all.map(([, s]) => s.ts),
      ],
    );
  }

  /**
   * A batch's HACCP events made ready to store, a record twice in the batch once (the first time):
   * their values in the form the database keeps (`storedEvent`), so that the rows need not be read
   * back (docs/benchmarks.md, issue 19) — verification reads them from the table, so a value the
   * database kept otherwise would show as a broken chain, not pass unseen. With the chain on, the
   * events of machines heard in the batch whose chain head this writer knows are chained in advance
   * (`planBatch`), except those of machines with alarms in the batch: their alarms' openings and
   * closings join their chains in batch order once the alarms' upsert has answered (`insertEvents`).
   */
  private prepareEvents(
    rows: TBatch['events'],
    chaining: boolean,
    heard: ReadonlySet<string>,
    alarms: readonly { serial: string }[],
  ): TPreparedEvents {
    // The first of an id in the batch is stored, or the machine's own where a phone carried the same
    // id home in this batch too: the others are compared with it once stored (`insertEvents`).
    const seen = new Map<string, number>();
    const again: TBatch['events'] = [];
    const once: (ReturnType<typeof storedEvent> & TBatch['events'][number])[] = [];
    for (const r of rows) {
      const s = storedEvent(r.serial, r.e);
      const key = carriedKey(r.serial, s.row.id);
      const at = seen.get(key);
      const before = at === undefined ? undefined : once[at];
      if (at === undefined) {
        seen.set(key, once.length);
        once.push({ ...s, ...r });
      } else if (before?.carrier && !r.carrier) {
        again.push(before);
        once[at] = { ...s, ...r };
      } else again.push(r);
    }
    const params = [
      once.map((s) => s.row.serial_number),
      once.map((s) => s.row.id),
      once.map((s) => s.row.kind),
      once.map((s) => s.row.cycle_name),
      once.map((s) => s.row.cycle_number),
      once.map((s) => s.row.start),
      once.map((s) => s.row.stop),
      once.map((s) => s.row.completed),
      once.map((s) => s.text.measurements),
      once.map((s) => s.row.parameter_name),
      once.map((s) => s.text.oldValue),
      once.map((s) => s.text.newValue),
      once.map((s) => s.text.rinseTrace),
      // The heat dose is computed once, here: a cycle record is rare next to telemetry (one every
      // few minutes a machine against one a second), and the reads then only compare figures.
      once.map(({ e }) => (e.kind === 'cycle' && e.rinseTrace ? JSON.stringify(heatDose(e.rinseTrace)) : null)),
    ];
    if (!chaining) return { params };
    const carriers = carriersOf(rows.map(({ serial, e, carrier }) => ({ serial, id: e.id.toLowerCase(), carrier })));
    const items = eventItems(
      once.map((s) => s.row),
      carriers,
    );
    const withAlarms = new Set(alarms.map((a) => a.serial));
    const withoutAlarms = withAlarms.size > 0 ? new Set([...heard].filter((serial) => !withAlarms.has(serial))) : heard;
    const plan = planBatch(this.chainHeads, items, [], withoutAlarms);
    return { params, chain: { items, carried: carriers.size > 0, plan, withAlarms, once, again } };
  }

  /**
   * Stores the HACCP events made ready (`prepareEvents`). With the chain on, each event planned is
   * stored with its entry; the events of machines with `alarms` (the openings and closings the batch
   * stored) are planned now, with them, and the same statement writes those alarms' entries and
   * moves the heads. Answers what is still to be chained (`settleBatch`): events stored for the first
   * time (a repeated message is not) and alarms' openings and closings of the other machines.
   */
  private async insertEvents(
    sql: TSqlRunner,
    { params, chain }: TPreparedEvents,
    heard: ReadonlySet<string>,
    alarms: TChainItem[],
  ): Promise<{ chained: TChainItem[]; held: TArrivedEvent[] }> {
    if (!chain) {
      await sql.query(
        `insert into haccp_events (${EVENT_COLUMNS}) select * from unnest(${EVENT_INSERT_ARRAYS}) on conflict do nothing`,
        params,
      );
      // Unchained (the benchmark only): the insert answers nothing, so nothing is compared.
      return { chained: alarms, held: [] };
    }
    const { items, carried } = chain;
    const later = [...chain.withAlarms].filter((serial) => heard.has(serial));
    const plan = later.length > 0 ? joinPlans(chain.plan, planBatch(this.chainHeads, items, alarms, new Set(later))) : chain.plan;
    const entry = plan.events;
    // The alarms' entries only when the batch has some: the statement is dearer with the insert
    // even when it writes nothing (about 1 ms a batch on PostgreSQL; docs/benchmarks.md, issue 19).
    const alarmEntries =
      plan.others.length > 0
        ? `,
       entries as (${insertEntriesSql(entryRowsSql(27))})`
        : '';
    // An entry is kept only where its machine's head moved as planned (`moved`); the conflict is on
    // the record alone, so a position stored twice fails the batch instead of dropping a record.
    const { rows: answer } = await sql.query<{ serial_number: string; id: string | null }>(
      `with moved as (${movedHeadsSql(20)}),
       stored as (
         insert into haccp_events (${EVENT_COLUMNS}, chain_seq, chain_hash, chain_late, chained_at, carried_by, carrier_name)
         select ${EVENT_COLUMNS_OF_E},
           case when m.serial_number is not null then e.chain_seq end, case when m.serial_number is not null then e.chain_hash end,
           case when m.serial_number is not null then e.chain_late end, m.chained_at,
           case when m.serial_number is not null then e.carried_by end, case when m.serial_number is not null then e.carrier_name end
         from unnest(${EVENT_INSERT_ARRAYS}, $15::int8[], $16::text[], $17::bool[], $18::uuid[], $19::text[])
           as e(${EVENT_COLUMNS}, chain_seq, chain_hash, chain_late, carried_by, carrier_name)
         left join moved m on m.serial_number = e.serial_number
         on conflict (serial_number, id) do nothing
         returning serial_number, id)${alarmEntries}
       select serial_number, id from stored union all select serial_number, null from moved`,
      [
        ...params,
        entry.map((x) => x?.seq ?? null),
        entry.map((x) => x?.hash ?? null),
        entry.map((x) => x?.late ?? null),
        carried ? entry.map((x) => x?.carrier?.userId ?? null) : null,
        carried ? entry.map((x) => x?.carrier?.name ?? null) : null,
        ...headParams(plan.moves),
        ...(plan.others.length > 0 ? entryParams(plan.others) : []),
      ],
    );
    const moved = new Set<string>();
    const stored = new Set<string>();
    for (const r of answer) {
      if (r.id === null) moved.add(r.serial_number);
      else stored.add(carriedKey(r.serial_number, r.id));
    }
    // What the batch did not store: a repeat, or a record of other content under a held id (made
    // only then: most batches store every event once).
    const held: TArrivedEvent[] = [];
    if (stored.size < items.length) {
      chain.once.forEach(({ serial, e, carrier }, i) => {
        const { recordId, recordJson } = items[i] as TChainItem;
        if (!stored.has(carriedKey(serial, recordId))) held.push({ serial, record: e, carrier, id: recordId, recordJson });
      });
    }
    for (const { serial, e, carrier } of chain.again) {
      const { row } = storedEvent(serial, e);
      held.push({ serial, record: e, carrier, id: row.id, recordJson: eventRecordJson(row) });
    }
    return { chained: await settleBatch(sql, this.chainHeads, plan, items, alarms, moved, stored), held };
  }

  /**
   * Stores the alarms; answers those it stored for the first time (`opened`, from `xmax = 0`:
   * inserted, not updated — each one opening, even one that closed within the same batch) and those
   * it closed now, each with the brand of its machine. A closing is kept once: a repeated or a
   * second closing changes nothing, nor does one of another code or start than the alarm stored
   * (`conflictingAlarms` keeps it as a dead letter).
   */
  private async upsertAlarms(
    sql: TSqlRunner,
    rows: { serial: string; a: TDeviceAlarm }[],
  ): Promise<(TAlarmRow & { serial_number: string; opened: boolean; brand: TBrandCode })[]> {
    const { rows: stored } = await sql.query<TAlarmRow & { serial_number: string; opened: boolean; brand: TBrandCode }>(
      `with stored as (
         insert into alarms (serial_number, id, error_code, start_date, stop_date)
         select * from unnest($1::text[], $2::uuid[], $3::text[], $4::timestamptz[], $5::timestamptz[])
         on conflict (serial_number, id) do update set stop_date = excluded.stop_date
           where alarms.stop_date is null and excluded.stop_date is not null
             and alarms.error_code = excluded.error_code and alarms.start_date = excluded.start_date
         returning serial_number, ${alarmColumnsSql('alarms')}, xmax = 0 as opened)
       select s.*, a.brand from stored s join appliances a on a.serial_number = s.serial_number`,
      [
        rows.map((r) => r.serial),
        rows.map((r) => r.a.id),
        rows.map((r) => r.a.errorCode),
        rows.map((r) => r.a.startDate),
        rows.map((r) => r.a.stopDate),
      ],
    );
    return stored;
  }

  /** One statement per set of columns present (a fleet announcing itself sends versions and parameters together). */
  private async updateColumns(sql: TSqlRunner, all: Map<string, TStateColumns>): Promise<void> {
    const held = await heldFota(sql, all);
    const groups = new Map<string, [string, TStateColumns][]>();
    for (let entry of all) {
      const [serial, columns] = entry;
      // A report older than the stored one (of an earlier batch, maybe of another writer) is dropped.
      if (columns.fota && staleFota(held.get(serial), columns.fota)) {
        const { fota: _stale, ...others } = columns;
        entry = [serial, others];
      }
      const key = STATE_COLUMNS.filter((c) => entry[1][c.field] !== undefined)
        .map((c) => c.field)
        .join();
      if (key === '') continue;
      const group = groups.get(key);
      if (group) group.push(entry);
      else groups.set(key, [entry]);
    }
    for (const rows of groups.values()) {
      const [, sample] = rows[0] as [string, TStateColumns];
      const columns = STATE_COLUMNS.filter((c) => sample[c.field] !== undefined).flatMap((c) => c.columns);
      const params: unknown[] = [rows.map(([serial]) => serial)];
      const sets = columns.map((column, i) => {
        params.push(rows.map(([, c]) => column.value(c)));
        return `${column.name} = v.c${i}`;
      });
      if (sample.claimingCode) sets.push('claiming_failed_attempts = 0');
      if (sample.versions && !sample.fota) {
        // A machine that reports running the firmware an update was installing has finished it,
        // even if its closing `fota` report never came (a reboot mid-report): not UPDATING forever.
        const versions = `v.c${columns.findIndex((c) => c.name === 'versions')}`;
        sets.push(
          `fota = case when (s.fota->>'inProg')::boolean and s.fota->>'version' = ${versions}->>'fw00'
             then s.fota || '{"inProg": false, "perc": 100}'::jsonb else s.fota end`,
        );
      }
      await sql.query(
        `update appliance_states s set ${sets.join(', ')}, updated_at = now()
         from unnest($1::text[], ${columns.map((column, i) => `$${i + 2}::${column.type}[]`).join(', ')})
           as v(serial, ${columns.map((_, i) => `c${i}`).join(', ')})
         where s.serial_number = v.serial`,
        params,
      );
    }
  }
}

/**
 * The firmware progress stored for the machines of `all` that report one, their rows locked until
 * the batch commits: another writer's report cannot slip in between the read and the update.
 */
async function heldFota(sql: TSqlRunner, all: Map<string, TStateColumns>): Promise<Map<string, TFotaStatus>> {
  const serials: string[] = [];
  for (const [serial, c] of all) if (c.fota) serials.push(serial);
  const held = new Map<string, TFotaStatus>();
  if (serials.length === 0) return held;
  const { rows } = await sql.query<{ serial_number: string; fota: TFotaStatus | null }>(
    `select serial_number, fota from appliance_states where serial_number = any($1::text[])
     order by serial_number for update`,
    [serials],
  );
  for (const r of rows) if (r.fota) held.set(r.serial_number, r.fota);
  return held;
}

type TStateColumn = {
  name: string;
  type: 'jsonb' | 'text' | 'timestamptz' | 'boolean';
  value(c: TStateColumns): string | null;
};

/** The live-state columns each kind of message sets. */
const STATE_COLUMNS: { field: keyof TStateColumns; columns: TStateColumn[] }[] = [
  { field: 'versions', columns: [{ name: 'versions', type: 'jsonb', value: (c) => JSON.stringify(c.versions) }] },
  {
    field: 'parameters',
    columns: [
      { name: 'parameters', type: 'jsonb', value: (c) => JSON.stringify(c.parameters?.values) },
      { name: 'parameters_at', type: 'timestamptz', value: (c) => c.parameters?.ts ?? null },
    ],
  },
  { field: 'fota', columns: [{ name: 'fota', type: 'jsonb', value: (c) => JSON.stringify(c.fota) }] },
  { field: 'info', columns: [{ name: 'info', type: 'jsonb', value: (c) => JSON.stringify(c.info) }] },
  { field: 'panelLocked', columns: [{ name: 'panel_locked', type: 'boolean', value: (c) => String(c.panelLocked) }] },
  { field: 'stats', columns: [{ name: 'stats', type: 'jsonb', value: (c) => JSON.stringify(c.stats) }] },
  {
    field: 'claimingCode',
    columns: [
      { name: 'claiming_code_hash', type: 'text', value: (c) => c.claimingCode?.hash ?? null },
      { name: 'claiming_code_expires_at', type: 'timestamptz', value: (c) => c.claimingCode?.expiresAt ?? null },
    ],
  },
];
