import type { TSqlRunner } from '../../db/database';
import {
  alarmCloseRecord,
  alarmRecord,
  batchOrder,
  canonicalJson,
  chainHashOf,
  chainTime,
  eventRecordJson,
  type TAlarmRow,
  type TCarrier,
  type TChainItem,
  type TEventRow,
} from './chain';

/**
 * A timestamp column read as the chain writes times (ISO 8601 UTC, milliseconds), as text: the
 * two drivers (PGlite, node-postgres) then hand the writer and the verifier the same string.
 */
export function isoSql(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** Columns of a chained record's table that its entry covers, in order; times are read with `isoSql`. */
export type TCoveredColumns = readonly (readonly [name: string, time?: 'time'])[];

/** The columns of `haccp_events` a chain entry covers. */
export const EVENT_COLUMNS: TCoveredColumns = [
  ['id'],
  ['kind'],
  ['cycle_name'],
  ['cycle_number'],
  ['start', 'time'],
  ['stop', 'time'],
  ['completed'],
  ['measurements'],
  ['parameter_name'],
  ['old_value'],
  ['new_value'],
  ['rinse_trace'],
];

/**
 * What a verification reads of an event: the covered columns, then the heat dose, which the chain
 * does not cover but which is derived from the trace it does: the walk checks the one against the
 * other (docs/hygiene.md, "Verification").
 */
export const EVENT_PAGE_COLUMNS: TCoveredColumns = [...EVENT_COLUMNS, ['heat_dose']];

/** The columns of `alarms` the chain covers. */
export const ALARM_COLUMNS: TCoveredColumns = [['id'], ['error_code'], ['start_date', 'time'], ['stop_date', 'time']];

/** The columns of `haccp_corrections` the chain covers. */
export const CORRECTION_COLUMNS: TCoveredColumns = [
  ['id'],
  ['corrects_kind'],
  ['corrects_id'],
  ['note'],
  ['author_name'],
  ['created_at', 'time'],
];

const columnSql = (alias: string, [name, time]: TCoveredColumns[number]) =>
  time ? isoSql(`${alias}.${name}`) : `${alias}.${name}`;

/** The covered columns as a SELECT or RETURNING list, times as text, each named `prefix` + its name. */
export function coveredColumnsSql(columns: TCoveredColumns, alias: string, prefix = ''): string {
  return columns.map((column) => `${columnSql(alias, column)} as ${prefix}${column[0]}`).join(', ');
}

/** The covered columns as one JSON array, in order (read back with `coveredRow`). */
export function coveredArraySql(columns: TCoveredColumns, alias: string): string {
  return `json_build_array(${columns.map((column) => columnSql(alias, column)).join(', ')})`;
}

/** A row from the JSON array `coveredArraySql` built. */
export function coveredRow<T>(columns: TCoveredColumns, values: readonly unknown[]): T {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i += 1) row[(columns[i] as TCoveredColumns[number])[0]] = values[i];
  return row as T;
}

/** The columns of `alarms` the chain covers, times as text. */
export const alarmColumnsSql = (alias: string, prefix = '') => coveredColumnsSql(ALARM_COLUMNS, alias, prefix);

type THeadRow = {
  serial_number: string;
  seq: number | string | bigint;
  hash: string;
  device_time: string | null;
  chained_at: string | null;
  now: string;
};

/** A machine's chain head: the last entry's number and hash, the newest device time and when it was chained. */
type THead = { seq: number; hash: string; deviceTime: string | null; chainedAt: string | null };

/**
 * The chain heads one writer last wrote, by serial number, so that it continues its machines'
 * chains without first locking and reading their heads (a round trip, about a fifth of what
 * chaining cost a batch). A head is only ever a guess: the write is guarded by the head's number and
 * hash, and a machine whose head has moved since (another writer or instance, a correction, a
 * transaction that rolled back after the guess was kept) is chained again from its locked head in
 * the same transaction.
 */
export type TChainHeads = Map<string, THead>;

/** Locks the chain heads of the machines (in serial-number order) and reads them. */
async function lockHeads(sql: TSqlRunner, serials: readonly string[]): Promise<THeadRow[]> {
  const { rows } = await sql.query<THeadRow>(
    `select h.serial_number, h.seq, h.hash, ${isoSql('h.device_time')} as device_time,
       ${isoSql('h.chained_at')} as chained_at, ${isoSql('now()')} as now
     from haccp_chain_heads h where h.serial_number = any($1::text[]) order by h.serial_number for update`,
    [serials],
  );
  return rows;
}

/** Locks the heads of the machines, making those missing (a machine's first record), and reads them. */
async function lockOrMakeHeads(sql: TSqlRunner, serials: readonly string[]): Promise<THeadRow[]> {
  // The heads are locked in serial-number order, so two writers never wait for each other in a
  // cycle. A machine's head is made with its first record: those missing are inserted (in the same
  // order) and then locked — after the others, which is safe, as a writer waits for a head another
  // inserted only once it holds every existing head it needs. (Inserting the missing heads first,
  // whether any were, took a tenth of what chaining cost; one upsert that made and locked them wrote
  // every head twice per batch.)
  const heads = await lockHeads(sql, serials);
  if (heads.length === serials.length) return heads;
  const locked = new Set(heads.map((head) => head.serial_number));
  const missing = serials.filter((serial) => !locked.has(serial));
  await sql.query(
    `insert into haccp_chain_heads (serial_number) select s from unnest($1::text[]) as s order by s on conflict do nothing`,
    [missing],
  );
  return heads.concat(await lockHeads(sql, missing));
}

/** A chain entry as written: `chained_at` is its head's. */
export type TEntry = {
  serial: string;
  seq: number;
  kind: TChainItem['kind'];
  id: string;
  late: boolean;
  deviceTime: string;
  hash: string;
  carrier: TCarrier | undefined;
};

type THeadNow = THead & { serial: string; now: string };

/** A machine's items (sorted into batch order here) chained onto its head: the entries, and the head after them. */
function entriesOnto(head: THeadNow, list: TChainItem[]): { entries: TEntry[]; next: THead } {
  let seq = head.seq;
  let hash = head.hash;
  let newest = head.deviceTime;
  // Never decreasing along a chain, whatever the instances' clocks: retention cuts a prefix by it.
  const chainedAt = head.chainedAt && head.chainedAt > head.now ? head.chainedAt : head.now;
  const entries: TEntry[] = [];
  for (const item of list.sort(batchOrder)) {
    seq += 1;
    const { deviceTime } = item;
    // A record a phone carried home came late by its nature: the machine did not deliver it when made.
    const late = item.carrier !== undefined || (newest !== null && deviceTime < newest);
    if (newest === null || deviceTime > newest) newest = deviceTime;
    hash = chainHashOf(
      hash,
      { carriedBy: item.carrier?.name, chainedAt, deviceTime, kind: item.kind, late, seq, serialNumber: head.serial },
      item.recordJson,
    );
    entries.push({ serial: head.serial, seq, kind: item.kind, id: item.recordId, late, deviceTime, hash, carrier: item.carrier });
  }
  return { entries, next: { seq, hash, deviceTime: newest ?? chainedAt, chainedAt } };
}

/**
 * Entries as statement parameters: serial number, seq, kind, record id, late, device time, hash,
 * and the carrier's id and name — those two null unless a phone carried something: binding the
 * parameters is the largest part of an append's cost (docs/benchmarks.md, issue 19).
 */
export function entryParams(entries: readonly TEntry[]): unknown[] {
  const carried = entries.some((e) => e.carrier);
  return [
    entries.map((e) => e.serial),
    entries.map((e) => e.seq),
    entries.map((e) => e.kind),
    entries.map((e) => e.id),
    entries.map((e) => e.late),
    entries.map((e) => e.deviceTime),
    entries.map((e) => e.hash),
    carried ? entries.map((e) => e.carrier?.userId ?? null) : null,
    carried ? entries.map((e) => e.carrier?.name ?? null) : null,
  ];
}

/** `entryParams` from `$first` as rows named `e`: serial_number, seq, kind, record_id, late, device_time, hash, carried_by, carrier_name. */
export function entryRowsSql(first: number): string {
  const p = (i: number) => `$${first + i}`;
  return `unnest(${p(0)}::text[], ${p(1)}::int8[], ${p(2)}::text[], ${p(3)}::uuid[], ${p(4)}::bool[], ${p(5)}::timestamptz[],
         ${p(6)}::text[], ${p(7)}::uuid[], ${p(8)}::text[])
         as e(serial_number, seq, kind, record_id, late, device_time, hash, carried_by, carrier_name)`;
}

/**
 * The insert of entries (rows named `e`, from `rows`) into `haccp_chain` for the machines whose heads
 * moved (`moved`, `movedHeadsSql`), each with its head's chained time.
 */
export function insertEntriesSql(rows: string, where = 'true'): string {
  return `insert into haccp_chain (serial_number, seq, kind, record_id, late, device_time, chained_at, hash, carried_by, carrier_name)
       select e.serial_number, e.seq, e.kind, e.record_id, e.late, e.device_time, m.chained_at, e.hash, e.carried_by, e.carrier_name
       from ${rows} join moved m on m.serial_number = e.serial_number where ${where}`;
}

/** The assignments that clear an event's chain entry from its row (it then has none). */
export const CLEARED_EVENT_ENTRY = `chain_seq = null, chain_hash = null, chain_late = null, chained_at = null,
         carried_by = null, carrier_name = null`;

/** The guarded update of heads as statement parameters: each moves from `prev` to `next` only if still at `prev`. */
export function headParams(moves: readonly { serial: string; prev: THead; next: THead }[]): unknown[] {
  return [
    moves.map((m) => m.serial),
    moves.map((m) => m.next.seq),
    moves.map((m) => m.next.hash),
    moves.map((m) => m.next.deviceTime),
    moves.map((m) => m.next.chainedAt),
    moves.map((m) => m.prev.seq),
    moves.map((m) => m.prev.hash),
  ];
}

/** The guarded update of the heads (parameters `headParams` from `$first`), returning each moved head's chained time. */
export function movedHeadsSql(first: number): string {
  const p = (i: number) => `$${first + i}`;
  return `update haccp_chain_heads h set seq = v.seq, hash = v.hash, device_time = v.device_time, chained_at = v.chained_at
       from unnest(${p(0)}::text[], ${p(1)}::int8[], ${p(2)}::text[], ${p(3)}::timestamptz[], ${p(4)}::timestamptz[],
         ${p(5)}::int8[], ${p(6)}::text[]) as v(serial, seq, hash, device_time, chained_at, prev_seq, prev_hash)
       where h.serial_number = v.serial and h.seq = v.prev_seq and h.hash = v.prev_hash
       returning h.serial_number, h.chained_at`;
}

/**
 * Chains each machine's items onto its head; answers the serials whose heads were still as given.
 * Alarms' and corrections' entries are rows of `haccp_chain`; an event's entry is kept in its own
 * row of `haccp_events`, which must be stored already.
 */
async function chainOnto(
  sql: TSqlRunner,
  heads: readonly THeadNow[],
  bySerial: ReadonlyMap<string, TChainItem[]>,
  cache: TChainHeads | undefined,
): Promise<Set<string>> {
  const entries: TEntry[] = [];
  const moves = heads.map((head) => {
    const { entries: chained, next } = entriesOnto(head, bySerial.get(head.serial) ?? []);
    entries.push(...chained);
    return { serial: head.serial, prev: head, next };
  });
  // A head is moved only from the number and hash it was chained onto; only those machines' entries
  // are written. The heads' update runs first: the entries' writes read what it returned. An entry's
  // `chained_at` is its head's.
  const { rows } = await sql.query<{ serial_number: string; events: number }>(
    `with moved as (${movedHeadsSql(10)}),
     e as (select * from ${entryRowsSql(1)}),
     entries as (${insertEntriesSql('e', "e.kind <> 'event'")}),
     events as (
       update haccp_events x set chain_seq = e.seq, chain_hash = e.hash, chain_late = e.late, chained_at = m.chained_at,
         carried_by = e.carried_by, carrier_name = e.carrier_name
       from e join moved m on m.serial_number = e.serial_number
       where e.kind = 'event' and x.serial_number = e.serial_number and x.id = e.record_id
       returning 1)
     select serial_number, (select count(*)::int from events) as events from moved`,
    [...entryParams(entries), ...headParams(moves)],
  );
  const moved = new Set(rows.map((row) => row.serial_number));
  // An event's entry lives in its row: an event not stored (a caller's mistake) would leave a gap.
  const events = entries.filter((e) => e.kind === 'event' && moved.has(e.serial)).length;
  if (moved.size > 0 && rows[0]?.events !== events) throw new Error('a chained event is not stored');
  if (cache) {
    for (const m of moves) if (moved.has(m.serial)) cache.set(m.serial, m.next);
  }
  return moved;
}

/**
 * Appends records to their machines' chains in the caller's transaction (docs/hygiene.md). With a
 * cache of the heads this writer last wrote, the machines it knows are chained onto those heads in
 * one statement, guarded by each head's number and hash; the others (and any whose head had moved)
 * have their heads locked and read (in serial-number order, so writers never deadlock on them) and
 * are chained onto them. A second writer (another batch, another instance) waits for the lock and
 * then continues the chain from the head this one wrote. The guarded update locks heads in no set
 * order: only the gateway's writer passes a cache, and it holds its machines' state rows already,
 * so two such writers wait on those rows first instead of deadlocking on the heads. An event's
 * entry is written into its row of `haccp_events`, which must be stored already.
 */
export async function appendToChain(sql: TSqlRunner, items: readonly TChainItem[], cache?: TChainHeads): Promise<void> {
  if (items.length === 0) return;
  const bySerial = new Map<string, TChainItem[]>();
  for (const item of items) {
    const list = bySerial.get(item.serialNumber);
    if (list) list.push(item);
    else bySerial.set(item.serialNumber, [item]);
  }
  let pending = [...bySerial.keys()].sort();
  if (cache) {
    const now = new Date().toISOString();
    const known = pending.flatMap((serial) => {
      const head = cache.get(serial);
      return head ? [{ ...head, serial, now }] : [];
    });
    if (known.length > 0) {
      const moved = await chainOnto(sql, known, bySerial, cache);
      pending = pending.filter((serial) => !moved.has(serial));
    }
  }
  if (pending.length === 0) return;
  const heads = (await lockOrMakeHeads(sql, pending)).map((row) => ({
    serial: row.serial_number,
    seq: Number(row.seq),
    hash: row.hash,
    deviceTime: row.device_time,
    chainedAt: row.chained_at,
    now: row.now,
  }));
  const moved = await chainOnto(sql, heads, bySerial, cache);
  if (moved.size !== heads.length) throw new Error('a locked chain head moved');
}

/**
 * A batch's HACCP records chained in advance onto the heads this writer last wrote (`TChainHeads`),
 * so that the gateway stores each event with its entry in one insert, which also writes the entries
 * of the batch's alarm openings and closings and moves the heads (guarded by their number and hash,
 * as `appendToChain` does). Writing an event's entry into its own row instead of a row of
 * `haccp_chain` took about 30 % off what chaining costs a batch on PGlite, and nothing on PostgreSQL
 * (docs/benchmarks.md, issue 19).
 */
export type TBatchPlan = {
  /** Each event's entry, in the order of the events given; none when its machine is left to `appendToChain`. */
  events: (TEntry | undefined)[];
  /** The entries of the alarms' openings and closings of the machines planned (rows of `haccp_chain`). */
  others: TEntry[];
  /** The heads' moves, as `headParams` sends them. */
  moves: { serial: string; prev: THead; next: THead }[];
};

/**
 * Plans the batch's events (`eventItems`, one per record: a record twice in a batch is stored once)
 * and the alarms' openings and closings it stored (`alarmItems`) of the machines `heard` in the batch
 * whose head the cache knows, in batch order (`batchOrder`). Only those machines: the guarded update
 * locks their heads in no set order, which is safe only for machines whose state rows the batch
 * locked before (see `appendToChain`).
 */
export function planBatch(
  cache: TChainHeads,
  events: readonly TChainItem[],
  alarms: readonly TChainItem[],
  heard: ReadonlySet<string>,
): TBatchPlan {
  const now = new Date().toISOString();
  const bySerial = new Map<string, TChainItem[]>();
  for (const item of events) {
    if (!heard.has(item.serialNumber) || !cache.has(item.serialNumber)) continue;
    const list = bySerial.get(item.serialNumber);
    if (list) list.push(item);
    else bySerial.set(item.serialNumber, [item]);
  }
  // A machine's alarms go with its events; a machine without events here is left to `appendToChain`.
  for (const item of alarms) bySerial.get(item.serialNumber)?.push(item);
  const entryOf = new Map<TChainItem, TEntry>();
  const others: TEntry[] = [];
  const moves = [...bySerial].map(([serial, list]) => {
    const prev = cache.get(serial) as THead;
    // `entriesOnto` sorts the list into batch order and answers an entry for each item, in that order.
    const { entries, next } = entriesOnto({ ...prev, serial, now }, list);
    entries.forEach((entry, i) => {
      if (entry.kind === 'event') entryOf.set(list[i] as TChainItem, entry);
      else others.push(entry);
    });
    return { serial, prev, next };
  });
  return { events: events.map((item) => entryOf.get(item)), others, moves };
}

/** Two plans of one batch's events, for different machines, as one. */
export function joinPlans(a: TBatchPlan, b: TBatchPlan): TBatchPlan {
  return {
    events: a.events.map((entry, i) => entry ?? b.events[i]),
    others: [...a.others, ...b.others],
    moves: [...a.moves, ...b.moves],
  };
}

/**
 * After the insert of a planned batch (`planBatch`): the cache takes the new head of each machine
 * whose head moved and whose planned events were all stored. Answers what is still to be chained by
 * `appendToChain` at the batch's end: the stored events and the alarms' openings and closings of
 * machines not planned or whose head had moved elsewhere (their events stored without an entry, their
 * alarms' entries not written), and of machines where an event was not stored (a repeated message,
 * stored by an earlier batch): its position would be a gap, so those heads go back, their events lose
 * their entries and their alarms' entries go, in this transaction.
 */
export async function settleBatch(
  sql: TSqlRunner,
  cache: TChainHeads,
  plan: TBatchPlan,
  events: readonly TChainItem[],
  alarms: readonly TChainItem[],
  moved: ReadonlySet<string>,
  stored: ReadonlySet<string>,
): Promise<TChainItem[]> {
  const settled = new Set<string>();
  const undone: TBatchPlan['moves'] = [];
  const whole = new Map<string, boolean>();
  events.forEach((item, i) => {
    if (!plan.events[i]) return;
    const kept = stored.has(carriedKey(item.serialNumber, item.recordId));
    whole.set(item.serialNumber, (whole.get(item.serialNumber) ?? true) && kept);
  });
  for (const move of plan.moves) {
    if (!moved.has(move.serial)) cache.delete(move.serial);
    else if (whole.get(move.serial)) {
      cache.set(move.serial, move.next);
      settled.add(move.serial);
    } else undone.push(move);
  }
  const pending = events
    .filter((item) => !settled.has(item.serialNumber) && stored.has(carriedKey(item.serialNumber, item.recordId)))
    .concat(alarms.filter((item) => !settled.has(item.serialNumber)));
  if (undone.length > 0) {
    const back = new Set(undone.map((m) => m.serial));
    const ids = pending.filter((item) => item.kind === 'event' && back.has(item.serialNumber));
    await sql.query(
      `with back as (${movedHeadsSql(3)}),
       gone as (
         delete from haccp_chain c using unnest($10::text[], $11::int8[]) as v(serial, seq)
         where c.serial_number = v.serial and c.seq > v.seq)
       update haccp_events set ${CLEARED_EVENT_ENTRY}
       where (serial_number, id) in (select * from unnest($1::text[], $2::uuid[]))`,
      [
        ids.map((item) => item.serialNumber),
        ids.map((item) => item.recordId),
        ...headParams(undone.map((m) => ({ serial: m.serial, prev: m.next, next: m.prev }))),
        undone.map((m) => m.serial),
        undone.map((m) => m.prev.seq),
      ],
    );
    for (const move of undone) cache.set(move.serial, move.prev);
  }
  return pending;
}

/** Who carried a machine's record home, by machine and record id (none: the machine delivered it). */
export type TCarriers = ReadonlyMap<string, TCarrier>;

/** The key of a machine's record in `TCarriers`. */
export function carriedKey(serial: string, id: string): string {
  return `${serial}/${id}`;
}

/** The chain items of HACCP events a batch stored for the first time (their rows as stored). */
export function eventItems(rows: (TEventRow & { serial_number: string })[], carriers?: TCarriers): TChainItem[] {
  const carried = carriers !== undefined && carriers.size > 0;
  return rows.map((row) => ({
    serialNumber: row.serial_number,
    kind: 'event',
    recordId: row.id,
    deviceTime: chainTime(row.stop),
    recordJson: eventRecordJson(row),
    carrier: carried ? carriers.get(carriedKey(row.serial_number, row.id)) : undefined,
  }));
}

/**
 * The chain items of alarms a batch changed: an opening for each alarm stored for the first time,
 * a closing for each that got its end now (both for one that opened and closed within the batch).
 */
export function alarmItems(rows: (TAlarmRow & { serial_number: string; opened: boolean })[], carriers?: TCarriers): TChainItem[] {
  const items: TChainItem[] = [];
  for (const row of rows) {
    const carrier = carriers?.get(carriedKey(row.serial_number, row.id));
    if (row.opened) {
      items.push({
        serialNumber: row.serial_number,
        kind: 'alarm',
        recordId: row.id,
        deviceTime: chainTime(row.start_date),
        recordJson: canonicalJson(alarmRecord(row)),
        carrier,
      });
    }
    if (row.stop_date !== null) {
      items.push({
        serialNumber: row.serial_number,
        kind: 'alarmClose',
        recordId: row.id,
        deviceTime: chainTime(row.stop_date),
        recordJson: canonicalJson(alarmCloseRecord(row)),
        carrier,
      });
    }
  }
  return items;
}
