import { deviceTopic, type TBrandCode, type TDeviceAlarm, type THaccpEvent } from '@washboard/contracts';
import type { TSqlRunner } from '../db/database';
import {
  alarmCloseRecord,
  alarmRecord,
  canonicalJson,
  eventRecordJson,
  type TAlarmRow,
  type TCarrier,
  type TEventRow,
} from '../haccp/chain/chain';
import { alarmColumnsSql, carriedKey, coveredColumnsSql, EVENT_COLUMNS } from '../haccp/chain/chain.repository';
import { DEAD_LETTER_DETAIL_MAX, deadLetterExcerpt, type TDeadLetterRow } from './dead-letter.repository';

/**
 * A HACCP record that arrived in a batch without being stored: its id was held already, by a record
 * the machine sent before, one a phone carried home (docs/local-link.md), or one earlier in the
 * batch. The same content again (a QoS 1 repeat, an overlapping transfer) is no loss; other content
 * under the same id would be, silently, so it is kept as a dead letter `CONFLICTING_RECORD`
 * (docs/device-protocol.md): the record stored stays as it was, chained, and an administrator sees
 * the other one, who delivered each, and the machine's id.
 */
export type TArrived<T> = { serial: string; record: T; carrier?: TCarrier };

type TStoredBy = { serial_number: string; brand: TBrandCode };

/** Who delivered a record, as a dead letter's detail names them. */
function deliveredBy(carrier: { name: string; userId: string } | undefined): string {
  return carrier ? `carried home by ${carrier.name} (${carrier.userId})` : 'sent by the machine';
}

/**
 * Who delivered the record holding an id, as its chain entry says: `carrierName` '' for the machine,
 * null when it has no entry (stored before chaining, or its entry folded away by retention).
 */
function heldBy(carrierName: string | null): string {
  if (carrierName === null) return 'the record stored';
  return carrierName === '' ? "the machine's own record" : `the record carried home by ${carrierName}`;
}

/** A record kept aside: its dead letter (operators) and its other version (beside the HACCP record). */
export type TConflict = {
  letter: TDeadLetterRow;
  version: { serial: string; kind: 'event' | 'alarm'; id: string; record: unknown; carrier?: TCarrier };
};

function conflictOf(
  topic: 'event' | 'alarm',
  arrived: TArrived<unknown> & { id: string },
  stored: TStoredBy,
  held: string,
): TConflict {
  return {
    letter: conflictLetter(topic, arrived, stored, held),
    version: { serial: arrived.serial, kind: topic, id: arrived.id, record: arrived.record, carrier: arrived.carrier },
  };
}

function conflictLetter(
  topic: 'event' | 'alarm',
  arrived: TArrived<unknown> & { id: string },
  stored: TStoredBy,
  held: string,
): TDeadLetterRow {
  const payload = Buffer.from(JSON.stringify(arrived.record));
  return {
    serialNumber: arrived.serial,
    brand: stored.brand,
    topic: deviceTopic(arrived.serial, topic),
    payload: deadLetterExcerpt(payload),
    payloadBytes: payload.length,
    reason: 'CONFLICTING_RECORD',
    detail: `id ${arrived.id} is held by ${held}; this one, ${deliveredBy(arrived.carrier)}, differs`.slice(
      0,
      DEAD_LETTER_DETAIL_MAX,
    ),
  };
}

/**
 * The dead letters of the records of `arrived` whose stored record (`rows`, by machine and id)
 * differs: `differs` answers who holds the id then (`heldBy`), else undefined.
 */
function differing<A extends TArrived<unknown> & { id: string }, R extends TStoredBy & { id: string }>(
  topic: 'event' | 'alarm',
  arrived: readonly A[],
  rows: readonly R[],
  differs: (arrived: A, stored: R) => string | undefined,
): TConflict[] {
  const stored = new Map(rows.map((row) => [carriedKey(row.serial_number, row.id), row]));
  return arrived.flatMap((r) => {
    const row = stored.get(carriedKey(r.serial, r.id));
    const held = row && differs(r, row);
    return row && held ? [conflictOf(topic, r, row, held)] : [];
  });
}

/**
 * The dead letters of the HACCP events of `arrived` (each with the canonical JSON its chain entry
 * would cover, `eventRecordJson`) whose id the machine's record holds with other content: one read,
 * for events a batch did not store, once the batch has chained what it stored (so that the holder's
 * carrier is known).
 */
export async function conflictingEvents(
  sql: TSqlRunner,
  arrived: readonly (TArrived<THaccpEvent> & { id: string; recordJson: string })[],
): Promise<TConflict[]> {
  const { rows } = await sql.query<TEventRow & TStoredBy & { carrier_name: string | null }>(
    `select h.serial_number, ${coveredColumnsSql(EVENT_COLUMNS, 'h')}, a.brand,
       case when h.chain_seq is not null then coalesce(h.carrier_name, '') end as carrier_name
     from unnest($1::text[], $2::uuid[]) as v(serial_number, id)
     join haccp_events h on h.serial_number = v.serial_number and h.id = v.id
     join appliances a on a.serial_number = h.serial_number`,
    [arrived.map((r) => r.serial), arrived.map((r) => r.id)],
  );
  return differing('event', arrived, rows, (r, row) =>
    eventRecordJson(row) === r.recordJson ? undefined : heldBy(row.carrier_name),
  );
}

/**
 * The same for alarms' openings and closings that changed nothing of their alarm (`arrived`, the id
 * as stored: lower case): one whose opening (code, start) differs from the stored opening, or whose
 * closing differs from a closing stored already.
 */
export async function conflictingAlarms(
  sql: TSqlRunner,
  arrived: readonly (TArrived<TDeviceAlarm> & { id: string })[],
): Promise<TConflict[]> {
  const { rows } = await sql.query<TAlarmRow & TStoredBy & { opened_by: string | null; closed_by: string | null }>(
    `select al.serial_number, ${alarmColumnsSql('al')}, a.brand,
       (select coalesce(c.carrier_name, '') from haccp_chain c
        where c.serial_number = al.serial_number and c.record_id = al.id and c.kind = 'alarm') as opened_by,
       (select coalesce(c.carrier_name, '') from haccp_chain c
        where c.serial_number = al.serial_number and c.record_id = al.id and c.kind = 'alarmClose') as closed_by
     from unnest($1::text[], $2::uuid[]) as v(serial_number, id)
     join alarms al on al.serial_number = v.serial_number and al.id = v.id
     join appliances a on a.serial_number = al.serial_number`,
    [arrived.map((r) => r.serial), arrived.map((r) => r.id)],
  );
  return differing('alarm', arrived, rows, (r, row) => {
    const sent: TAlarmRow = {
      id: r.id,
      error_code: r.record.errorCode,
      start_date: r.record.startDate,
      stop_date: r.record.stopDate ?? null,
    };
    const opening = canonicalJson(alarmRecord(sent)) !== canonicalJson(alarmRecord(row));
    const closing =
      sent.stop_date !== null &&
      row.stop_date !== null &&
      canonicalJson(alarmCloseRecord(sent)) !== canonicalJson(alarmCloseRecord(row));
    if (!opening && !closing) return undefined;
    return heldBy(opening ? row.opened_by : row.closed_by);
  });
}

/**
 * `conflicts` without those kept already, or twice among them: the same conflict delivered again (a
 * QoS 1 repeat, a page carried home again or retried from the phone's queue) is kept once.
 */
export async function notKeptBefore(sql: TSqlRunner, conflicts: readonly TConflict[]): Promise<TConflict[]> {
  const keyOf = (l: Pick<TDeadLetterRow, 'serialNumber' | 'topic' | 'payload' | 'detail'>) =>
    JSON.stringify([l.serialNumber, l.topic, l.payload, l.detail]);
  const machines = [...new Map(conflicts.map(({ letter }) => [`${letter.brand}/${letter.serialNumber}`, letter])).values()];
  const { rows } = await sql.query<{ serialNumber: string; topic: string; payload: string; detail: string | null }>(
    `select d.serial_number as "serialNumber", d.topic, d.payload, d.detail
     from unnest($1::text[], $2::text[]) as v(brand, serial_number)
     join device_dead_letters d on d.brand = v.brand and d.serial_number = v.serial_number
     where d.reason = 'CONFLICTING_RECORD'`,
    [machines.map((l) => l.brand), machines.map((l) => l.serialNumber)],
  );
  const kept = new Set(rows.map(keyOf));
  return conflicts.filter(({ letter }) => {
    const key = keyOf(letter);
    if (kept.has(key)) return false;
    kept.add(key);
    return true;
  });
}

/**
 * Keeps the other versions of `conflicts` beside the records whose ids they came under, each once
 * (`haccp_other_versions_once_idx`: a repeat after its dead letter was pruned adds nothing).
 */
export async function keepOtherVersions(sql: TSqlRunner, conflicts: readonly TConflict[]): Promise<void> {
  const versions = conflicts.map((c) => c.version);
  await sql.query(
    `insert into haccp_other_versions (serial_number, record_kind, record_id, record, carried_by, carrier_name)
     select * from unnest($1::text[], $2::text[], $3::uuid[], $4::jsonb[], $5::uuid[], $6::text[])
     on conflict do nothing`,
    [
      versions.map((v) => v.serial),
      versions.map((v) => v.kind),
      versions.map((v) => v.id),
      versions.map((v) => JSON.stringify(v.record)),
      versions.map((v) => v.carrier?.userId ?? null),
      versions.map((v) => v.carrier?.name ?? null),
    ],
  );
}
