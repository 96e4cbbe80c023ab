import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { TELEMETRY_FIELDS, type TTelemetryKey } from '@washboard/contracts';
import type { TDb } from '../db/database';
import { haccpEvents } from '../db/schema/index';

/** One bucket as the query answers it: its start and, per field, `<key>_min` and `<key>_max`. */
type TBucketRow = Record<string, unknown> & { t: Date | string };

function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows;
}

/** A smallint/integer aggregate as a number (pg answers numbers, PGlite too; null when the bucket has none). */
function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** One telemetry row: its instant and the raw value of each field asked for (null: not sent). */
export type TTelemetryRow = { ts: Date; values: Record<string, number | null> };

export type TBucket = { t: Date; min: Record<string, number | null>; max: Record<string, number | null> };

/** SQL of the temperature history: telemetry downsampled to time buckets, and the cycles of the period. */
export class TemperatureHistoryRepository {
  constructor(private readonly db: TDb) {}

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
    return rowsOf<TBucketRow>(result).map((row) => ({
      t: new Date(row.t),
      min: Object.fromEntries(fields.map((key) => [key, numberOrNull(row[`${key}_min`])])),
      max: Object.fromEntries(fields.map((key) => [key, numberOrNull(row[`${key}_max`])])),
    }));
  }

  /** The cycle records that started in [from, to], oldest first (at most 5,000: a month of a busy kitchen). */
  async cycles(serialNumber: string, from: Date, to: Date) {
    return this.db
      .select({ start: haccpEvents.start, stop: haccpEvents.stop, cycleName: haccpEvents.cycleName })
      .from(haccpEvents)
      .where(
        and(
          eq(haccpEvents.serialNumber, serialNumber),
          eq(haccpEvents.kind, 'cycle'),
          gte(haccpEvents.start, from),
          lte(haccpEvents.start, to),
        ),
      )
      .orderBy(asc(haccpEvents.start))
      .limit(5000);
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
