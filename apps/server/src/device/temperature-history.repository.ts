import { and, desc, eq, sql } from 'drizzle-orm';
import { TELEMETRY_FIELDS, TEMPERATURE_HISTORY_FIELDS, type TTelemetryKey } from '@washboard/contracts';
import type { TDb } from '../db/database';
import { haccpEvents } from '../db/schema/index';
import { rowsOf } from '../db/rows';

/** One bucket as the query answers it: its start and, per field, `<key>_min` and `<key>_max`. */
type TBucketRow = Record<string, unknown> & { t: Date | string };

/** A smallint/integer aggregate as a number (pg answers numbers, PGlite too; null when the bucket has none). */
function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** One telemetry row: its instant and the raw value of each field asked for (null: not sent). */
export type TTelemetryRow = { ts: Date; values: Record<string, number | null> };

export type TBucket = { t: Date; min: Record<string, number | null>; max: Record<string, number | null> };

/** The buckets a query answered: its start, and per field its `<key>_min` and `<key>_max`. */
function bucketsOf(result: unknown, fields: readonly TTelemetryKey[]): TBucket[] {
  return rowsOf<TBucketRow>(result).map((row) => ({
    t: new Date(row.t),
    min: Object.fromEntries(fields.map((key) => [key, numberOrNull(row[`${key}_min`])])),
    max: Object.fromEntries(fields.map((key) => [key, numberOrNull(row[`${key}_max`])])),
  }));
}

/** The SQL column of a telemetry field, and its roll-up's `_min` / `_max` columns. */
const columnOf = (key: TTelemetryKey) => TELEMETRY_FIELDS[key].column;
const rolled = (key: TTelemetryKey, end: 'min' | 'max') => sql.identifier(`${columnOf(key)}_${end}`);

/**
 * How far back a roll-up run reads a machine's rows before the newest time it rolled last: rows of
 * one instant may commit out of order (several writers, a batch still open), and a minute rolled
 * while it was still filling is completed by the next run (min and max merge: reading a row twice
 * changes nothing).
 */
export const ROLLUP_OVERLAP_SECONDS = 120;

/** SQL of the temperature history: telemetry downsampled to time buckets, and the cycles of the period. */
export class TemperatureHistoryRepository {
  constructor(private readonly db: TDb) {}

  /**
   * Rolls up the telemetry that came since the last run into `telemetry_minutes` (docs/hygiene.md,
   * "Temperature history"): for every machine seen since it was last looked at, its rows from
   * ROLLUP_OVERLAP_SECONDS before the newest time rolled (by the machine's own clock: a machine
   * whose clock runs late is rolled all the same), through the (serial_number, ts) index, merged
   * into each minute's min and max. One statement; answers the minutes written.
   */
  async rollUp(db: TDb = this.db): Promise<number> {
    const fields = TEMPERATURE_HISTORY_FIELDS;
    const aggregates = sql.join(
      fields.flatMap((key) => {
        const column = sql.identifier(columnOf(key));
        return [sql`min(t.${column}) as ${rolled(key, 'min')}`, sql`max(t.${column}) as ${rolled(key, 'max')}`];
      }),
      sql`, `,
    );
    const targets = sql.join(
      fields.flatMap((key) => [rolled(key, 'min'), rolled(key, 'max')]),
      sql`, `,
    );
    const merges = sql.join(
      fields.flatMap((key) => [
        sql`${rolled(key, 'min')} = least(telemetry_minutes.${rolled(key, 'min')}, excluded.${rolled(key, 'min')})`,
        sql`${rolled(key, 'max')} = greatest(telemetry_minutes.${rolled(key, 'max')}, excluded.${rolled(key, 'max')})`,
      ]),
      sql`, `,
    );
    const result = await db.execute(sql`
      with due as (
        select a.serial_number, m.rolled_to - make_interval(secs => ${ROLLUP_OVERLAP_SECONDS}) as since
        from appliance_states a
        left join telemetry_rollup_marks m on m.serial_number = a.serial_number
        where a.last_seen_at is not null
          and (m.serial_number is null or a.last_seen_at >= m.checked_at - make_interval(secs => ${ROLLUP_OVERLAP_SECONDS}))
      ),
      minutes as (
        select t.serial_number, date_trunc('minute', t.ts) as minute, max(t.ts) as newest, ${aggregates}
        from due d
        join telemetry t on t.serial_number = d.serial_number and (d.since is null or t.ts >= d.since)
        group by 1, 2
      ),
      written as (
        insert into telemetry_minutes (serial_number, minute, ${targets})
        select serial_number, minute, ${targets}
        from minutes
        on conflict (serial_number, minute) do update set ${merges}
        returning 1
      ),
      marked as (
        insert into telemetry_rollup_marks (serial_number, rolled_to, checked_at)
        select d.serial_number, coalesce(n.newest, d.since + make_interval(secs => ${ROLLUP_OVERLAP_SECONDS}), '-infinity'), now()
        from due d left join (select serial_number, max(newest) as newest from minutes group by 1) n on n.serial_number = d.serial_number
        on conflict (serial_number) do update
          set rolled_to = greatest(telemetry_rollup_marks.rolled_to, excluded.rolled_to), checked_at = excluded.checked_at
        returning 1
      )
      select (select count(*) from written)::int as minutes, (select count(*) from marked)::int as machines`);
    return Number(rowsOf<{ minutes: number }>(result)[0]?.minutes ?? 0);
  }

  /**
   * The machine's telemetry in [from, to) grouped into buckets of `bucketSeconds` from `from`
   * (date_bin), with the minimum and maximum of each field: one query, one index range scan on
   * (serial_number, ts); a single-sample peak stays the bucket's maximum.
   */
  async buckets(
    serialNumber: string,
    from: Date,
    to: Date,
    bucketSeconds: number,
    fields: readonly TTelemetryKey[],
  ): Promise<TBucket[]> {
    const aggregates = sql.join(
      fields.flatMap((key) => {
        const column = sql.identifier(TELEMETRY_FIELDS[key].column);
        return [sql`min(${column}) as ${sql.identifier(`${key}_min`)}`, sql`max(${column}) as ${sql.identifier(`${key}_max`)}`];
      }),
      sql`, `,
    );
    const result = await this.db.execute(sql`
      select date_bin(make_interval(secs => ${bucketSeconds}), ts, ${from.toISOString()}::timestamptz) as t, ${aggregates}
      from telemetry
      where serial_number = ${serialNumber} and ts >= ${from.toISOString()}::timestamptz and ts < ${to.toISOString()}::timestamptz
      group by 1
      order by 1`);
    return bucketsOf(result, fields);
  }

  /**
   * `buckets` read from the per-minute roll-up (`rollUp`): for buckets of whole minutes from a whole
   * minute. The minutes rolled up come from `telemetry_minutes`; the few since the machine's last
   * roll-up (at most a run's interval and the overlap) from the raw rows. Each bucket's min and max
   * are those of its minutes: the same as `buckets` gives over the raw rows.
   */
  async bucketsRolledUp(
    serialNumber: string,
    from: Date,
    to: Date,
    bucketSeconds: number,
    fields: readonly TTelemetryKey[],
  ): Promise<TBucket[]> {
    const bucket = sql`make_interval(secs => ${bucketSeconds})`;
    const origin = sql`${from.toISOString()}::timestamptz`;
    const end = sql`${to.toISOString()}::timestamptz`;
    const fromMinutes = sql.join(
      fields.flatMap((key) => [
        sql`${rolled(key, 'min')} as ${sql.identifier(`${key}_min`)}`,
        sql`${rolled(key, 'max')} as ${sql.identifier(`${key}_max`)}`,
      ]),
      sql`, `,
    );
    const fromRows = sql.join(
      fields.flatMap((key) => {
        const column = sql.identifier(columnOf(key));
        return [sql`${column} as ${sql.identifier(`${key}_min`)}`, sql`${column} as ${sql.identifier(`${key}_max`)}`];
      }),
      sql`, `,
    );
    const merged = sql.join(
      fields.flatMap((key) => [
        sql`min(${sql.identifier(`${key}_min`)}) as ${sql.identifier(`${key}_min`)}`,
        sql`max(${sql.identifier(`${key}_max`)}) as ${sql.identifier(`${key}_max`)}`,
      ]),
      sql`, `,
    );
    const result = await this.db.execute(sql`
      with edge as (
        select greatest(${origin}, least(${end}, coalesce(
          (select date_trunc('minute', rolled_to) from telemetry_rollup_marks where serial_number = ${serialNumber}),
          ${origin}))) as at
      )
      select t, ${merged} from (
        select date_bin(${bucket}, minute, ${origin}) as t, ${fromMinutes}
        from telemetry_minutes
        where serial_number = ${serialNumber} and minute >= ${origin} and minute < (select at from edge)
        union all
        select date_bin(${bucket}, ts, ${origin}) as t, ${fromRows}
        from telemetry
        where serial_number = ${serialNumber} and ts >= (select at from edge) and ts < ${end}
      ) u
      group by t
      order by t`);
    return bucketsOf(result, fields);
  }

  /**
   * The cycle records that started in [from, to] as bands to shade, oldest first: cycles less than
   * `joinSeconds` apart (a bucket: the chart cannot draw the gap) are one band, named only when it
   * is one cycle. A month of a busy kitchen is thousands of cycles; cut at 5,000 oldest first, the
   * newest days — the chart's live edge — went unshaded. At most 5,000 bands, the newest.
   */
  async cycleBands(serialNumber: string, from: Date, to: Date, joinSeconds: number) {
    const result = await this.db.execute(sql`
      select min(start) as start, max(stop) as stop, case when count(*) = 1 then min(cycle_name) end as cycle_name
      from (
        select start, stop, cycle_name,
          count(*) filter (where joined is not true) over (order by start, id) as band
        from (
          select start, stop, cycle_name, id,
            start <= max(stop) over (order by start, id rows between unbounded preceding and 1 preceding)
              + make_interval(secs => ${joinSeconds}) as joined
          from haccp_events
          where serial_number = ${serialNumber} and kind = 'cycle' and start >= ${from.toISOString()}::timestamptz
            and start <= ${to.toISOString()}::timestamptz
        ) c
      ) b
      group by band
      order by band desc
      limit 5000`);
    return rowsOf<{ start: Date | string; stop: Date | string; cycle_name: string | null }>(result)
      .map((r) => ({ start: new Date(r.start), stop: new Date(r.stop), cycleName: r.cycle_name }))
      .reverse();
  }

  /**
   * Up to `limit` telemetry rows of the machine in [from, to] after `after` (exclusive), oldest
   * first, with the registry's columns of `fields` as the machine sent them: a page of an export
   * (keyset on ts, one row per machine and instant).
   */
  async rows(
    serialNumber: string,
    from: Date,
    to: Date,
    after: Date | null,
    limit: number,
    fields: readonly TTelemetryKey[],
  ): Promise<TTelemetryRow[]> {
    const columns = sql.join(
      fields.map((key) => sql`${sql.identifier(TELEMETRY_FIELDS[key].column)} as ${sql.identifier(key)}`),
      sql`, `,
    );
    const start = after ? sql`ts > ${after.toISOString()}::timestamptz` : sql`ts >= ${from.toISOString()}::timestamptz`;
    const result = await this.db.execute(sql`
      select ts, ${columns}
      from telemetry
      where serial_number = ${serialNumber} and ${start} and ts <= ${to.toISOString()}::timestamptz
      order by ts
      limit ${limit}`);
    return rowsOf<Record<string, unknown> & { ts: Date | string }>(result).map((row) => ({
      ts: new Date(row.ts),
      values: Object.fromEntries(fields.map((key) => [key, numberOrNull(row[key])])),
    }));
  }

  /** The machine's latest cycle record (the "last cycle" period), if any. */
  async lastCycle(serialNumber: string) {
    const rows = await this.db
      .select({ start: haccpEvents.start, stop: haccpEvents.stop })
      .from(haccpEvents)
      .where(and(eq(haccpEvents.serialNumber, serialNumber), eq(haccpEvents.kind, 'cycle')))
      .orderBy(desc(haccpEvents.start))
      .limit(1);
    return rows[0];
  }
}
