import { personName } from '@washboard/contracts';
import type { TDatabase, TSqlRunner } from '../../db/database';
import {
  alarmCloseRecord,
  alarmRecord,
  correctionRecord,
  eventRecord,
  type TAlarmRow,
  type TChainEntry,
  type TCorrectionRow,
  type TEventRow,
  type THaccpChainKind,
} from './chain';
import { alarmColumnsSql, appendToChain, eventColumnsSql, isoSql } from './chain.repository';

/** A machine's chain head: its last position and hash, and where retention left its anchor. */
export type TChainHead = {
  seq: number;
  hash: string;
  anchorSeq: number;
  anchorHash: string;
  createdAt: string;
};

/** A stored chain entry with the content it covers, read back from the record's own table (null: gone). */
export type TStoredEntry = {
  entry: Omit<TChainEntry, 'record'> & { record: TChainEntry['record'] | null };
  recordId: string;
  hash: string;
};

/** A stored daily close-out. */
export type TCloseOutRow = {
  day: string;
  seq: number;
  hash: string;
  keyId: string;
  signature: string;
  signedAt: string;
  reviewerName: string | null;
  reviewedAt: string | null;
  reviewSignature: string | null;
};

type TEntryRow = {
  seq: number | string | bigint;
  kind: THaccpChainKind;
  record_id: string;
  late: boolean;
  device_time: string;
  chained_at: string;
  hash: string;
  carrier_name: string | null;
  e_id: string | null;
  a_id: string | null;
  k_id: string | null;
} & Record<string, unknown>;

const CORRECTION_COLUMNS = (alias: string, prefix: string) =>
  [
    `${alias}.id as ${prefix}id`,
    `${alias}.corrects_kind as ${prefix}corrects_kind`,
    `${alias}.corrects_id as ${prefix}corrects_id`,
    `${alias}.note as ${prefix}note`,
    `${alias}.author_name as ${prefix}author_name`,
    `${isoSql(`${alias}.created_at`)} as ${prefix}created_at`,
  ].join(', ');

/** The columns of a row with `prefix` taken off their names. */
function unprefixed<T>(row: Record<string, unknown>, prefix: string): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (key.startsWith(prefix)) out[key.slice(prefix.length)] = value;
  return out as T;
}

/** What an entry covers, from its joined row; null when the record is gone. */
function recordOf(row: TEntryRow): TChainEntry['record'] | null {
  switch (row.kind) {
    case 'event':
      return row.e_id ? eventRecord(unprefixed<TEventRow>(row, 'e_')) : null;
    case 'alarm':
      return row.a_id ? alarmRecord(unprefixed<TAlarmRow>(row, 'a_')) : null;
    case 'alarmClose':
      // A closing whose alarm lost its end is as good as gone: nothing of it is left to cover.
      return row.a_id && row.a_stop_date ? alarmCloseRecord(unprefixed<TAlarmRow>(row, 'a_')) : null;
    case 'correction':
      return row.k_id ? correctionRecord(unprefixed<TCorrectionRow>(row, 'k_')) : null;
  }
}

/** SQL of the HACCP chain's reads, close-outs and corrections (docs/hygiene.md). */
export class HaccpChainRepository {
  constructor(private readonly database: TDatabase) {}

  /** Runs `work` on one snapshot of the database (verification reads several statements). */
  snapshot<T>(work: (sql: TSqlRunner) => Promise<T>): Promise<T> {
    return this.database.transaction(async (sql) => {
      await sql.query('set transaction isolation level repeatable read');
      return work(sql);
    });
  }

  async head(sql: TSqlRunner, serial: string): Promise<TChainHead | undefined> {
    const { rows } = await sql.query<{
      seq: number | string;
      hash: string;
      anchor_seq: number | string;
      anchor_hash: string;
      created_at: string;
    }>(
      `select seq, hash, anchor_seq, anchor_hash, ${isoSql('created_at')} as created_at from haccp_chain_heads where serial_number = $1`,
      [serial],
    );
    const r = rows[0];
    return (
      r && {
        seq: Number(r.seq),
        hash: r.hash,
        anchorSeq: Number(r.anchor_seq),
        anchorHash: r.anchor_hash,
        createdAt: r.created_at,
      }
    );
  }

  /**
   * Up to `limit` entries after position `after` that entered the chain by `to`, in order, each
   * with the content it covers read from its record's table. The page is cut first and each entry's
   * record looked up by its primary key (lateral): PGlite has no autovacuum, so without statistics
   * its planner hashed the whole events table for every page — a year took 40 s to verify.
   */
  async entries(sql: TSqlRunner, serial: string, after: number, to: Date, limit: number): Promise<TStoredEntry[]> {
    const { rows } = await sql.query<TEntryRow>(
      `select c.seq, c.kind, c.record_id, c.late, ${isoSql('c.device_time')} as device_time,
         ${isoSql('c.chained_at')} as chained_at, c.hash, c.carrier_name,
         ${eventColumnsSql('e', 'e_')}, ${alarmColumnsSql('a', 'a_')}, ${CORRECTION_COLUMNS('k', 'k_')}
       from (select * from haccp_chain where serial_number = $1 and seq > $2 and chained_at <= $3 order by seq limit $4) c
       left join lateral (select * from haccp_events e
         where c.kind = 'event' and e.serial_number = c.serial_number and e.id = c.record_id) e on true
       left join lateral (select * from alarms a
         where c.kind in ('alarm', 'alarmClose') and a.serial_number = c.serial_number and a.id = c.record_id) a on true
       left join lateral (select * from haccp_corrections k
         where c.kind = 'correction' and k.serial_number = c.serial_number and k.id = c.record_id) k on true
       order by c.seq`,
      [serial, after, to.toISOString(), limit],
    );
    return rows.map((row) => ({
      recordId: row.record_id,
      hash: row.hash,
      entry: {
        serialNumber: serial,
        seq: Number(row.seq),
        kind: row.kind,
        late: row.late,
        deviceTime: row.device_time,
        chainedAt: row.chained_at,
        record: recordOf(row),
        // Only a carried record's entry has it (chain.ts): absent, not null, in every other.
        ...(row.carrier_name === null ? {} : { carriedBy: row.carrier_name }),
      },
    }));
  }

  /** The chained-at time of position `seq` (null when it is not stored). */
  async chainedAt(sql: TSqlRunner, serial: string, seq: number): Promise<string | null> {
    const { rows } = await sql.query<{ at: string }>(
      `select ${isoSql('chained_at')} as at from haccp_chain where serial_number = $1 and seq = $2`,
      [serial, seq],
    );
    return rows[0]?.at ?? null;
  }

  /**
   * Events and alarms of the machine stored in [since, to] that have no entry in its chain: written
   * past the gateway (by hand, in SQL), which the chain did not see.
   */
  async unchained(
    sql: TSqlRunner,
    serial: string,
    since: string,
    to: Date,
  ): Promise<{ kind: 'event' | 'alarm'; id: string; time: string }[]> {
    const { rows } = await sql.query<{ kind: 'event' | 'alarm'; id: string; time: string }>(
      `select 'event' as kind, e.id, ${isoSql('e.stop')} as time from haccp_events e
       where e.serial_number = $1 and e.received_at >= $2 and e.received_at <= $3
         and not exists (select 1 from haccp_chain c where c.serial_number = e.serial_number and c.record_id = e.id)
       union all
       select 'alarm', a.id, ${isoSql('a.start_date')} from alarms a
       where a.serial_number = $1 and a.received_at >= $2 and a.received_at <= $3
         and not exists (select 1 from haccp_chain c where c.serial_number = a.serial_number and c.record_id = a.id)
       limit 100`,
      [serial, since, to.toISOString()],
    );
    return rows;
  }

  /** The close-outs of the machine's days in [fromDay, toDay], oldest first. */
  async closeOuts(sql: TSqlRunner, serial: string, fromDay: string, toDay: string): Promise<TCloseOutRow[]> {
    const { rows } = await sql.query<TCloseOutRow & { seq: number | string }>(
      `select to_char(day, 'YYYY-MM-DD') as day, seq, hash, key_id as "keyId", signature,
         ${isoSql('signed_at')} as "signedAt", reviewer_name as "reviewerName", ${isoSql('reviewed_at')} as "reviewedAt",
         review_signature as "reviewSignature"
       from haccp_close_outs where serial_number = $1 and day >= $2::date and day <= $3::date order by day`,
      [serial, fromDay, toDay],
    );
    return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
  }

  /** The machine's newest close-outs of days before `day`, newest first (at most `limit`). */
  async closeOutsBefore(sql: TSqlRunner, serial: string, day: string, limit: number): Promise<TCloseOutRow[]> {
    const { rows } = await sql.query<TCloseOutRow & { seq: number | string }>(
      `select to_char(day, 'YYYY-MM-DD') as day, seq, hash, key_id as "keyId", signature,
         ${isoSql('signed_at')} as "signedAt", reviewer_name as "reviewerName", ${isoSql('reviewed_at')} as "reviewedAt",
         review_signature as "reviewSignature"
       from haccp_close_outs where serial_number = $1 and day < $2::date order by day desc limit $3`,
      [serial, day, limit],
    );
    return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
  }

  /**
   * Each machine's chain position at `end` (the last entry chained before it; the anchor when
   * retention took it) for the machines with a chain begun before `end` and no close-out of `day` yet.
   */
  async positionsToClose(day: string, end: Date): Promise<{ serialNumber: string; seq: number; hash: string }[]> {
    const { rows } = await this.database.transaction((sql) =>
      sql.query<{ serial_number: string; seq: number | string; hash: string }>(
        `select h.serial_number, coalesce(c.seq, h.anchor_seq) as seq, coalesce(c.hash, h.anchor_hash) as hash
         from haccp_chain_heads h
         left join lateral (
           select seq, hash from haccp_chain c
           where c.serial_number = h.serial_number and c.chained_at < $1 order by seq desc limit 1) c on true
         where h.created_at < $1
           and not exists (select 1 from haccp_close_outs o where o.serial_number = h.serial_number and o.day = $2::date)
         order by h.serial_number`,
        [end.toISOString(), day],
      ),
    );
    return rows.map((r) => ({ serialNumber: r.serial_number, seq: Number(r.seq), hash: r.hash }));
  }

  /** Stores signed close-outs; one already stored for the machine and day stays as it is. */
  async insertCloseOuts(
    day: string,
    rows: { serialNumber: string; seq: number; hash: string; keyId: string; signature: string }[],
  ): Promise<number> {
    if (rows.length === 0) return 0;
    const { rows: stored } = await this.database.transaction((sql) =>
      sql.query(
        `insert into haccp_close_outs (serial_number, day, seq, hash, key_id, signature)
         select v.serial, $1::date, v.seq, v.hash, v.kid, v.sig
         from unnest($2::text[], $3::int8[], $4::text[], $5::text[], $6::text[]) as v(serial, seq, hash, kid, sig)
         on conflict do nothing returning 1`,
        [
          day,
          rows.map((r) => r.serialNumber),
          rows.map((r) => r.seq),
          rows.map((r) => r.hash),
          rows.map((r) => r.keyId),
          rows.map((r) => r.signature),
        ],
      ),
    );
    return stored.length;
  }

  /** One close-out of a machine (undefined when the day is not closed). */
  async closeOut(serial: string, day: string): Promise<TCloseOutRow | undefined> {
    return this.database.transaction(async (sql) => (await this.closeOuts(sql, serial, day, day))[0]);
  }

  /** Records who reviewed a closed day, with the signature over the review; false when it was reviewed already. */
  async review(
    serial: string,
    day: string,
    review: { userId: string; name: string; at: string; signature: string },
  ): Promise<boolean> {
    const { rows } = await this.database.transaction((sql) =>
      sql.query(
        `update haccp_close_outs set reviewed_by = $3, reviewer_name = $4, reviewed_at = $5, review_signature = $6
         where serial_number = $1 and day = $2::date and reviewed_at is null
         returning day`,
        [serial, day, review.userId, review.name, review.at, review.signature],
      ),
    );
    return rows.length > 0;
  }

  /** The name a correction or a review keeps of its author (`personName`: never an e-mail address or id). */
  async userName(sql: TSqlRunner, userId: string): Promise<string> {
    const { rows } = await sql.query<{ firstName: string | null; lastName: string | null }>(
      `select first_name as "firstName", last_name as "lastName" from users where id = $1`,
      [userId],
    );
    return personName(rows[0]);
  }

  /** Whether the machine has this event or alarm. */
  async recordExists(sql: TSqlRunner, serial: string, kind: 'event' | 'alarm', id: string): Promise<boolean> {
    const table = kind === 'event' ? 'haccp_events' : 'alarms';
    const { rows } = await sql.query(`select 1 from ${table} where serial_number = $1 and id = $2`, [serial, id]);
    return rows.length > 0;
  }

  /**
   * Stores a correction and chains it, in one transaction: it is a new record pointing at the one
   * it corrects; the corrected record is never changed. Answers it with its chain position.
   */
  async addCorrection(
    serial: string,
    correction: { correctsKind: 'event' | 'alarm'; correctsId: string; note: string; authorId: string },
  ): Promise<(TCorrectionRow & { seq: number }) | undefined> {
    return this.database.transaction(async (sql) => {
      if (!(await this.recordExists(sql, serial, correction.correctsKind, correction.correctsId))) return undefined;
      const authorName = await this.userName(sql, correction.authorId);
      const { rows } = await sql.query<TCorrectionRow>(
        `insert into haccp_corrections (serial_number, corrects_kind, corrects_id, note, author_id, author_name, created_at)
         values ($1, $2, $3, $4, $5, $6, date_trunc('milliseconds', now()))
         returning ${CORRECTION_COLUMNS('haccp_corrections', '')}`,
        [serial, correction.correctsKind, correction.correctsId, correction.note, correction.authorId, authorName],
      );
      const row = rows[0];
      if (!row) return undefined;
      await appendToChain(sql, [
        {
          serialNumber: serial,
          kind: 'correction',
          recordId: row.id,
          deviceTime: new Date(row.created_at),
          record: correctionRecord(row),
        },
      ]);
      const head = await this.head(sql, serial);
      return { ...row, seq: head?.seq ?? 0 };
    });
  }

  /** The corrections of records of the machine, oldest first. */
  async corrections(serial: string, recordIds?: readonly string[]): Promise<(TCorrectionRow & { seq: number | null })[]> {
    return this.database.transaction(async (sql) => {
      const { rows } = await sql.query<TCorrectionRow & { seq: number | string | null }>(
        `select ${CORRECTION_COLUMNS('k', '')}, c.seq from haccp_corrections k
         left join haccp_chain c on c.serial_number = k.serial_number and c.record_id = k.id
         where k.serial_number = $1 and ($2::uuid[] is null or k.corrects_id = any($2::uuid[]))
         order by k.created_at, k.id`,
        [serial, recordIds ?? null],
      );
      return rows.map((r) => ({ ...r, seq: r.seq === null ? null : Number(r.seq) }));
    });
  }
}
