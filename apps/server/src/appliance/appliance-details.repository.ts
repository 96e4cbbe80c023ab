import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TGamma } from '@washboard/contracts';
import type { TDb } from '../db/database';
import { appliances, applianceStats } from '../db/schema/index';
import type { TDeviceStats } from '@washboard/contracts';
import { rowsOf } from '../db/rows';

/** Snapshots of the counters answered for one range at most (about a month of a busy kitchen). */
export const STATISTICS_HISTORY_LIMIT = 5000;

/** The `settings` key of the roll-up's watermark: the last `appliance_stats` id it has rolled up. */
const ROLLUP_KEY = 'statistics.rollup';
const ROLLUP_WATERMARK = sql`coalesce((select (value->>'lastId')::bigint from settings where key = ${ROLLUP_KEY}), 0)`;

/** SQL of the device details page beyond the appliance itself: counters over time, models. */
export class ApplianceDetailsRepository {
  constructor(private readonly db: TDb) {}

  /** One machine of `modelNumber` that `visible` (the caller's scope) allows, or undefined. */
  async visibleModel(modelNumber: string, visible: SQL): Promise<{ gamma: TGamma } | undefined> {
    const rows = await this.db
      .select({ gamma: appliances.gamma })
      .from(appliances)
      .where(and(eq(appliances.modelNumber, modelNumber), visible))
      .orderBy(asc(appliances.serialNumber))
      .limit(1);
    return rows[0];
  }

  /**
   * The counters in [from, to], oldest first, for the statistics charts; the newest
   * STATISTICS_HISTORY_LIMIT when there are more. Days before today (UTC) are read from the daily
   * roll-up (each day's first and last report); today's reports, and any that arrived since the last
   * roll-up, from `appliance_stats` — never a machine's every report of a year. One statement, so
   * the roll-up and its watermark are read as of one moment.
   */
  async stats(serialNumber: string, from: Date, to: Date): Promise<TDeviceStats[]> {
    const [lo, hi] = [sql`${from.toISOString()}::timestamptz`, sql`${to.toISOString()}::timestamptz`];
    const today = sql`(now() at time zone 'UTC')::date`;
    const days = sql`serial_number = ${serialNumber} and day < ${today}
      and day between (${lo} at time zone 'UTC')::date and (${hi} at time zone 'UTC')::date`;
    const result = await this.db.execute(sql`
      with reports as (
        select first as stats, first_ts as ts, 0::bigint as ord from appliance_stats_daily where ${days}
        union all
        select last, last_ts, 1 from appliance_stats_daily where ${days} and reports > 1
        union all
        select stats, ts, id + 1 from appliance_stats
        where serial_number = ${serialNumber} and ts >= ${lo} and ts <= ${hi}
          and (id > ${ROLLUP_WATERMARK} or ts >= ${today}::timestamp at time zone 'UTC')
      )
      select stats from reports where ts >= ${lo} and ts <= ${hi}
      order by ts desc, ord desc limit ${STATISTICS_HISTORY_LIMIT}`);
    return rowsOf<{ stats: TDeviceStats }>(result)
      .map((r) => r.stats)
      .reverse();
  }

  /**
   * Rolls up the counters' reports that arrived since the last roll-up into their machine-days,
   * merged with what those days already hold (earlier first, later last, counts added), then moves
   * the watermark. A run takes the ids above the watermark up to the highest id the run before it
   * saw (`nextId`), not up to today's highest: ids are drawn before their batch commits, so with
   * several instances writing, a batch holding lower ids may commit after one holding higher ids —
   * a watermark moved past them would leave them out for good. An hour later every batch that drew
   * an id then has long committed. Each report is rolled up once: run it in one transaction (`db`)
   * so the days and the watermark commit together. Answers the days written.
   */
  async rollUpStats(db: TDb): Promise<number> {
    const result = await db.execute(sql`
      with mark as (
        select ${ROLLUP_WATERMARK} as id,
          greatest(${ROLLUP_WATERMARK}, coalesce((select (value->>'nextId')::bigint from settings where key = ${ROLLUP_KEY}), 0)) as top,
          (select coalesce(max(id), 0) from appliance_stats) as seen),
      days as (
        select serial_number, (ts at time zone 'UTC')::date as day, count(*)::int as reports,
          min(ts) as first_ts, (array_agg(stats order by ts, id))[1] as first,
          max(ts) as last_ts, (array_agg(stats order by ts desc, id desc))[1] as last
        from appliance_stats where id > (select id from mark) and id <= (select top from mark)
        group by 1, 2),
      written as (
        insert into appliance_stats_daily as d (serial_number, day, reports, first_ts, first, last_ts, last)
        select serial_number, day, reports, first_ts, first, last_ts, last from days
        on conflict (serial_number, day) do update set
          reports = d.reports + excluded.reports,
          first_ts = least(d.first_ts, excluded.first_ts),
          first = case when excluded.first_ts < d.first_ts then excluded.first else d.first end,
          last_ts = greatest(d.last_ts, excluded.last_ts),
          last = case when excluded.last_ts >= d.last_ts then excluded.last else d.last end
        returning 1),
      moved as (
        insert into settings (key, value) select ${ROLLUP_KEY}, jsonb_build_object('lastId', top, 'nextId', seen) from mark
        on conflict (key) do update set value = excluded.value, updated_at = now())
      select count(*)::int as n from written`);
    return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
  }

  /** The newest counter report of a machine, if it ever sent one. */
  async latestStats(serialNumber: string): Promise<TDeviceStats | undefined> {
    const rows = await this.db
      .select({ stats: applianceStats.stats })
      .from(applianceStats)
      .where(eq(applianceStats.serialNumber, serialNumber))
      .orderBy(desc(applianceStats.ts), desc(applianceStats.id))
      .limit(1);
    return rows[0]?.stats;
  }
}
