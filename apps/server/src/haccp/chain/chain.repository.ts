import type { TSqlRunner } from '../../db/database';
import {
  alarmCloseRecord,
  alarmRecord,
  batchOrder,
  chainHash,
  chainTime,
  type TAlarmRow,
  type TCarrier,
  type TChainItem,
  type TEventRow,
  eventRecord,
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
  columns.forEach(([name], i) => {
    row[name] = values[i];
  });
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

/** Chains each machine's items onto its head; answers the serials whose heads were still as given. */
async function chainOnto(
  sql: TSqlRunner,
  heads: readonly (THead & { serial: string; now: string })[],
  bySerial: ReadonlyMap<string, TChainItem[]>,
  cache: TChainHeads | undefined,
): Promise<Set<string>> {
  const e = {
    serial: [] as string[],
    seq: [] as number[],
    kind: [] as string[],
    id: [] as string[],
    late: [] as boolean[],
    deviceTime: [] as string[],
    hash: [] as string[],
    carriedBy: [] as (string | null)[],
    carrierName: [] as (string | null)[],
  };
  let carried = false;
  const h = {
    serial: [] as string[],
    seq: [] as number[],
    hash: [] as string[],
    deviceTime: [] as string[],
    chainedAt: [] as string[],
    prevSeq: [] as number[],
    prevHash: [] as string[],
  };
  const written = new Map<string, THead>();
  for (const head of heads) {
    const list = (bySerial.get(head.serial) ?? []).sort(batchOrder);
    let seq = head.seq;
    let hash = head.hash;
    let newest = head.deviceTime;
    // Never decreasing along a chain, whatever the instances' clocks: retention cuts a prefix by it.
    const chainedAt = head.chainedAt && head.chainedAt > head.now ? head.chainedAt : head.now;
    for (const item of list) {
      seq += 1;
      const deviceTime = chainTime(item.deviceTime) ?? chainedAt;
      // A record a phone carried home came late by its nature: the machine did not deliver it when made.
      const late = item.carrier !== undefined || (newest !== null && deviceTime < newest);
      if (newest === null || deviceTime > newest) newest = deviceTime;
      // Members in canonical order (chain.ts: `canonicalJson` then need not sort them).
      hash = chainHash(hash, {
        carriedBy: item.carrier?.name,
        chainedAt,
        deviceTime,
        kind: item.kind,
        late,
        record: item.record,
        seq,
        serialNumber: head.serial,
      });
      e.serial.push(head.serial);
      e.seq.push(seq);
      e.kind.push(item.kind);
      e.id.push(item.recordId);
      e.late.push(late);
      e.deviceTime.push(deviceTime);
      e.hash.push(hash);
      e.carriedBy.push(item.carrier?.userId ?? null);
      e.carrierName.push(item.carrier?.name ?? null);
      if (item.carrier) carried = true;
    }
    h.serial.push(head.serial);
    h.seq.push(seq);
    h.hash.push(hash);
    h.deviceTime.push(newest ?? chainedAt);
    h.chainedAt.push(chainedAt);
    h.prevSeq.push(head.seq);
    h.prevHash.push(head.hash);
    written.set(head.serial, { seq, hash, deviceTime: newest ?? chainedAt, chainedAt });
  }
  // A head is moved only from the number and hash it was chained onto; only those machines' entries
  // are written. The heads' update runs first: the entries' insert reads what it returned. An entry's
  // `chained_at` is its head's, and the carrier columns are sent only when a phone carried something:
  // binding the parameters is the largest part of the statement's cost (docs/benchmarks.md, issue 19).
  const { rows } = await sql.query<{ serial_number: string }>(
    `with moved as (
       update haccp_chain_heads h set seq = v.seq, hash = v.hash, device_time = v.device_time, chained_at = v.chained_at
       from unnest($10::text[], $11::int8[], $12::text[], $13::timestamptz[], $14::timestamptz[], $15::int8[], $16::text[])
         as v(serial, seq, hash, device_time, chained_at, prev_seq, prev_hash)
       where h.serial_number = v.serial and h.seq = v.prev_seq and h.hash = v.prev_hash
       returning h.serial_number, h.chained_at),
     entries as (
       insert into haccp_chain (serial_number, seq, kind, record_id, late, device_time, chained_at, hash, carried_by, carrier_name)
       select e.serial_number, e.seq, e.kind, e.record_id, e.late, e.device_time, m.chained_at, e.hash, e.carried_by, e.carrier_name
       from unnest($1::text[], $2::int8[], $3::text[], $4::uuid[], $5::bool[], $6::timestamptz[], $7::text[], $8::uuid[], $9::text[])
         as e(serial_number, seq, kind, record_id, late, device_time, hash, carried_by, carrier_name)
       join moved m on m.serial_number = e.serial_number)
     select serial_number from moved`,
    [
      e.serial,
      e.seq,
      e.kind,
      e.id,
      e.late,
      e.deviceTime,
      e.hash,
      carried ? e.carriedBy : null,
      carried ? e.carrierName : null,
      h.serial,
      h.seq,
      h.hash,
      h.deviceTime,
      h.chainedAt,
      h.prevSeq,
      h.prevHash,
    ],
  );
  const moved = new Set(rows.map((row) => row.serial_number));
  if (cache) {
    for (const serial of moved) cache.set(serial, written.get(serial) as THead);
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
 * so two such writers wait on those rows first instead of deadlocking on the heads.
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

/** Who carried a machine's record home, by machine and record id (none: the machine delivered it). */
export type TCarriers = ReadonlyMap<string, TCarrier>;

/** The key of a machine's record in `TCarriers`. */
export function carriedKey(serial: string, id: string): string {
  return `${serial}/${id}`;
}

/** The chain items of HACCP events a batch stored for the first time (their rows as stored). */
export function eventItems(rows: (TEventRow & { serial_number: string })[], carriers?: TCarriers): TChainItem[] {
  return rows.map((row) => ({
    serialNumber: row.serial_number,
    kind: 'event',
    recordId: row.id,
    deviceTime: new Date(row.stop),
    record: eventRecord(row),
    carrier: carriers?.get(carriedKey(row.serial_number, row.id)),
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
        deviceTime: new Date(row.start_date),
        record: alarmRecord(row),
        carrier,
      });
    }
    if (row.stop_date !== null) {
      items.push({
        serialNumber: row.serial_number,
        kind: 'alarmClose',
        recordId: row.id,
        deviceTime: new Date(row.stop_date),
        record: alarmCloseRecord(row),
        carrier,
      });
    }
  }
  return items;
}
