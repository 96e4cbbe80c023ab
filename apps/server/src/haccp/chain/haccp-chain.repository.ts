import { personName } from '@washboard/contracts';
import type { TDatabase, TSqlRunner } from '../../db/database';
import { CHAIN_GENESIS } from '../../db/schema/index';
import { canonicalJson, chainTime, correctionRecord, type TCorrectionRow } from './chain';
import {
  ALARM_COLUMNS,
  appendToChain,
  CORRECTION_COLUMNS,
  coveredArraySql,
  coveredColumnsSql,
  EVENT_PAGE_COLUMNS,
  isoSql,
  type TCoveredColumns,
} from './chain.repository';

/** A machine's chain head: its last position and hash, and where retention left its anchor. */
export type TChainHead = {
  seq: number;
  hash: string;
  anchorSeq: number;
  anchorHash: string;
  createdAt: string;
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

  /**
   * The chain's last stored position when its head row is missing (it never is but by a hand in the
   * database): the walk then starts from the chain's beginning and trusts no anchor. Undefined when
   * the machine has no entry either.
   */
  async headless(sql: TSqlRunner, serial: string): Promise<TChainHead | undefined> {
    const { rows } = await sql.query<{ seq: number | string | null; began: string | null }>(
      `select max(seq) as seq, ${isoSql('min(chained_at)')} as began from haccp_chain_entries where serial_number = $1`,
      [serial],
    );
    const { seq, began } = rows[0] ?? {};
    if (seq === null || seq === undefined || !began) return undefined;
    // Records stored before the first entry are taken as older than the chain, as a head would say.
    return { seq: Number(seq), hash: CHAIN_GENESIS, anchorSeq: 0, anchorHash: CHAIN_GENESIS, createdAt: began };
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
   * The entries at positions `after` + 1 … `after` + `limit`, none past `last`, in order, each with
   * the content it covers read from its record's table, as the JSON text of one array
   * (`pageEntries` reads it, on the walker's thread). The page is cut first, by a range of
   * positions (PGlite has no autovacuum, so without statistics its planner sorted the whole rest of
   * the chain for a `limit`). An event's entry and content come from its one row; the other entries'
   * records are looked up by their primary key, each only in its kind's table (lateral): otherwise
   * the planner hashed the whole events table for every page — a year took 40 s to verify. One
   * value, as text: a driver decodes and converts every field of every row on its own (about 30 per
   * entry), which took most of PGlite's share of a verification, and text is parsed where the page
   * is walked.
   */
  async page(sql: TSqlRunner, serial: string, after: number, last: number, limit: number): Promise<string> {
    // Each lateral looks only when the entry is of its kind: a null key makes no index search.
    const record = (table: string, columns: TCoveredColumns, kinds: string) =>
      `left join lateral (select ${coveredArraySql(columns, 'x')} as r from ${table} x
         where x.serial_number = c.serial_number and x.id = case when c.kind in (${kinds}) then c.record_id end)`;
    const entry = (seq: string, kind: string, id: string, late: string, deviceTime: string, hash: string, covered: string) =>
      `json_build_array(${seq}, ${kind}, ${id}, ${late}, ${isoSql(deviceTime)}, ${isoSql('chained_at')}, ${hash},
         carrier_name, ${covered})`;
    const { rows } = await sql.query<{ page: string }>(
      `select coalesce(json_agg(p.entry order by p.seq), '[]'::json)::text as page from (
         select chain_seq as seq, ${entry('chain_seq', "'event'", 'id', 'chain_late', 'stop', 'chain_hash', coveredArraySql(EVENT_PAGE_COLUMNS, 'x'))} as entry
         from haccp_events x
         where serial_number = $1 and chain_seq > $2 and chain_seq <= least($2 + $4, $3)
         union all
         select seq, ${entry('seq', 'kind', 'record_id', 'late', 'device_time', 'hash', 'coalesce(e.r, a.r, k.r)')}
         from (select * from haccp_chain where serial_number = $1 and seq > $2 and seq <= least($2 + $4, $3)) c
         ${record('haccp_events', EVENT_PAGE_COLUMNS, "'event'")} e on true
         ${record('alarms', ALARM_COLUMNS, "'alarm', 'alarmClose'")} a on true
         ${record('haccp_corrections', CORRECTION_COLUMNS, "'correction'")} k on true) p`,
      [serial, after, last, limit],
    );
    return rows[0]?.page ?? '[]';
  }

  /**
   * The last position a verification of [`from`, `to`] walks to: the last entry that entered the
   * chain by `to`, or the last entry of a record of the period (its own time within it) that entered
   * later — delivered late, carried home by a phone, or, in the demo, the history chained when it
   * starts — whichever comes later; 0 when there is none. The chain is walked as a whole up to it,
   * so every record of the period is checked, and so is everything chained before it.
   */
  async periodEnd(sql: TSqlRunner, serial: string, from: Date, to: Date): Promise<number> {
    // An event's time is its end; its start (indexed with the machine) is at most a week earlier.
    const { rows } = await sql.query<{ seq: number | string | null }>(
      `select greatest(
         (select chain_seq from haccp_events where serial_number = $1 and chain_seq is not null and chained_at <= $3
           order by chain_seq desc limit 1),
         (select seq from haccp_chain where serial_number = $1 and chained_at <= $3 order by seq desc limit 1),
         (select max(chain_seq) from haccp_events where serial_number = $1
           and start >= $2::timestamptz - interval '7 days' and start <= $3 and stop >= $2 and stop <= $3),
         (select max(seq) from haccp_chain where serial_number = $1 and device_time >= $2 and device_time <= $3)) as seq`,
      [serial, from.toISOString(), to.toISOString()],
    );
    return Number(rows[0]?.seq ?? 0);
  }

  /** The chained-at time of position `seq` (null when it is not stored). */
  async chainedAt(sql: TSqlRunner, serial: string, seq: number): Promise<string | null> {
    const { rows } = await sql.query<{ at: string }>(
      `select ${isoSql('chained_at')} as at from haccp_chain_entries where serial_number = $1 and seq = $2`,
      [serial, seq],
    );
    return rows[0]?.at ?? null;
  }

  /**
   * Events and alarms of the machine that have no entry in the walked chain — none, or one at a
   * position the walk did not reach (below 1, or past `walkedTo`) — stored since the chain (or the
   * walk) began (`chainFrom`), or of a time since then (a record claiming to have arrived before the
   * chain it happened after), and either stored in [since, to] or of the period [from, to] by their
   * own time: written past the gateway (by hand, in SQL), which the chain did not see.
   */
  async unchained(
    sql: TSqlRunner,
    serial: string,
    chainFrom: string,
    since: string,
    from: Date,
    to: Date,
    walkedTo: number,
  ): Promise<{ kind: 'event' | 'alarm'; id: string; time: string }[]> {
    const { rows } = await sql.query<{ kind: 'event' | 'alarm'; id: string; time: string }>(
      // Each part an index can serve: a range of positions by (serial, position), an alarm's entries
      // by its record — a range condition beside the record made PostgreSQL and PGlite walk the
      // positions for every alarm (a year's verification three times as long).
      `select 'event' as kind, e.id, ${isoSql('e.stop')} as time from haccp_events e
       where e.serial_number = $1 and e.chain_seq is null and (e.received_at >= $2 or e.stop >= $2)
         and ((e.received_at >= $3 and e.received_at <= $5) or (e.stop >= $4 and e.stop <= $5))
       union all
       select 'event', e.id, ${isoSql('e.stop')} from haccp_events e
       where e.serial_number = $1 and (e.chain_seq < 1 or e.chain_seq > $6)
         and ((e.received_at >= $3 and e.received_at <= $5) or (e.stop >= $4 and e.stop <= $5))
       union all
       select 'alarm', a.id, ${isoSql('a.start_date')} from alarms a
       where a.serial_number = $1 and (a.received_at >= $2 or a.start_date >= $2)
         and ((a.received_at >= $3 and a.received_at <= $5) or (a.start_date >= $4 and a.start_date <= $5))
         and not exists (select 1 from haccp_chain c where c.serial_number = a.serial_number and c.record_id = a.id)
       union all
       select 'alarm', a.id, ${isoSql('a.start_date')} from haccp_chain c
       join alarms a on a.serial_number = c.serial_number and a.id = c.record_id
       where c.serial_number = $1 and (c.seq < 1 or c.seq > $6) and c.kind = 'alarm'
         and ((a.received_at >= $3 and a.received_at <= $5) or (a.start_date >= $4 and a.start_date <= $5))
       limit 100`,
      [serial, chainFrom, since, from.toISOString(), to.toISOString(), walkedTo],
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
           select seq, hash from haccp_chain_entries c
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
         returning ${coveredColumnsSql(CORRECTION_COLUMNS, 'haccp_corrections')}`,
        [serial, correction.correctsKind, correction.correctsId, correction.note, correction.authorId, authorName],
      );
      const row = rows[0];
      if (!row) return undefined;
      await appendToChain(sql, [
        {
          serialNumber: serial,
          kind: 'correction',
          recordId: row.id,
          deviceTime: chainTime(row.created_at),
          recordJson: canonicalJson(correctionRecord(row)),
        },
      ]);
      const head = await this.head(sql, serial);
      return { ...row, seq: head?.seq ?? 0 };
    });
  }

  /** The corrections of records of the machine, oldest first. */
  async corrections(
    serial: string,
    recordIds?: readonly string[],
    since: Date | null = null,
  ): Promise<(TCorrectionRow & { seq: number | null })[]> {
    return this.database.transaction(async (sql) => {
      // From `since` on: made since, of an event that started since or an alarm active since.
      const { rows } = await sql.query<TCorrectionRow & { seq: number | string | null }>(
        `select ${coveredColumnsSql(CORRECTION_COLUMNS, 'k')}, c.seq from haccp_corrections k
         left join haccp_chain c on c.serial_number = k.serial_number and c.record_id = k.id
         where k.serial_number = $1 and ($2::uuid[] is null or k.corrects_id = any($2::uuid[]))
           and ($3::timestamptz is null or (k.created_at >= $3 and (
             (k.corrects_kind = 'event' and exists (select 1 from haccp_events e
               where e.serial_number = k.serial_number and e.id = k.corrects_id and e.start >= $3))
             or (k.corrects_kind = 'alarm' and exists (select 1 from alarms a
               where a.serial_number = k.serial_number and a.id = k.corrects_id and (a.stop_date is null or a.stop_date >= $3))))))
         order by k.created_at, k.id`,
        [serial, recordIds ?? null, since?.toISOString() ?? null],
      );
      return rows.map((r) => ({ ...r, seq: r.seq === null ? null : Number(r.seq) }));
    });
  }
}
